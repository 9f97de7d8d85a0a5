import type { RoomSnapshot } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "./client";

/** A started room: one scripted human at seat 0, computers of the given levels at the next seats. */
export interface HumanTable {
  readonly roomId: string;
  readonly human: TestClient;
  readonly token: string;
  readonly started: RoomSnapshot;
}

export async function startHumanVsComputers(url: string, gameId: string, options: Record<string, unknown>, bots: readonly string[]): Promise<HumanTable> {
  const { roomId, creatorToken } = await createRoom(url, gameId, options);
  const human = await TestClient.connect(url);
  expectOk(await human.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
  const token = expectOk(await human.emit("seat:claim", { roomId, seat: 0, nickname: "Human" })).seatToken;
  for (const [i, bot] of bots.entries()) expectOk(await human.emit("seat:configure", { roomId, creatorToken, seat: i + 1, kind: "computer", bot }));
  expectOk(await human.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
  expectOk(await human.emit("game:start", { roomId, creatorToken }));
  return { roomId, human, token, started: await human.waitFor((s) => s.room.status === "playing") };
}

/** What the scripted human does when it may move: a move to send, or null to let the snapshot change first. */
export type HumanTurn = (latest: RoomSnapshot) => Promise<unknown> | unknown;

/**
 * Plays seat 0 whenever it is among the seats to move (once per position), until the game is over;
 * the computers play on the server meanwhile. A refused move fails the test unless `refusalIsFine`.
 */
export async function playHumanUntilOver(
  table: HumanTable,
  turn: HumanTurn,
  refusalIsFine: (move: unknown, at: number) => boolean = () => false,
  timeoutMs = 50_000,
): Promise<RoomSnapshot> {
  const { human, roomId, token } = table;
  let acted = -1; // the move number the human last acted on
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (Date.now() > deadline) throw new Error(`stuck at move ${human.latest.room.moveNumber}`);
    const latest = human.latest;
    if (latest.room.status === "finished") return latest;
    const n = latest.room.moveNumber;
    const move = latest.currentSeats.includes(0) && n !== acted ? await turn(latest) : null;
    if (move === null || move === undefined) {
      await human.waitFor((s) => s.room.moveNumber > n || s.room.status === "finished", 20_000);
      continue;
    }
    acted = n;
    const ack = await human.emit("game:move", { roomId, seat: 0, seatToken: token, move });
    if (!ack.ok && !refusalIsFine(move, n)) throw new Error(`move ${JSON.stringify(move)} refused: ${JSON.stringify(ack.error)}`);
  }
}
