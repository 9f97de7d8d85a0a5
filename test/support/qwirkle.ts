import { boundsFor, enumeratePlacements, type QwirkleMove, type QwirkleView } from "../../shared/games/qwirkle";
import type { RoomSnapshot } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "./client";

export const qwirkleView = (snapshot: RoomSnapshot, seat?: number): QwirkleView =>
  (snapshot.views.find((v) => seat === undefined || v.seat === seat)?.view ?? snapshot.views[0]?.view) as QwirkleView;

/** A simple scripted player: the longest placement, else exchange one tile, else pass. */
export function scriptedMove(view: QwirkleView): QwirkleMove {
  const hand = view.hand ?? [];
  const longest = enumeratePlacements(view.board, hand, boundsFor(view.options.board)).sort((a, b) => b.length - a.length)[0];
  if (longest) return { type: "place", placements: longest };
  if (view.bagCount > 0 && hand[0]) return { type: "exchange", tiles: [hand[0]] };
  return { type: "pass" };
}

/**
 * Plays a scripted human seat whenever it is their turn, until the game is over (computer seats,
 * if any, play on the server meanwhile). Returns the final snapshot.
 */
export async function playScriptedUntilOver(
  roomId: string,
  players: readonly { client: TestClient; seat: number; token: string }[],
  maxMoves = 400,
): Promise<RoomSnapshot> {
  for (let i = 0; i < maxMoves; i++) {
    const latest = players[0]?.client.latest;
    if (!latest) throw new Error("no snapshot");
    if (latest.room.status === "finished") return latest;
    const turn = latest.currentSeats[0];
    const mover = players.find((p) => p.seat === turn);
    if (!mover) {
      // a computer's turn: wait for the next snapshot
      await players[0]?.client.waitFor((s) => s.room.moveNumber > latest.room.moveNumber || s.room.status === "finished", 20_000);
      continue;
    }
    const snapshot = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber);
    const ack = expectOk(await mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move: scriptedMove(qwirkleView(snapshot, mover.seat)) }));
    await players[0]?.client.waitFor((s) => s.room.moveNumber >= ack.moveNumber);
  }
  throw new Error("the game did not end");
}

/**
 * Two seated players in a started Qwirkle room; their sockets re-watch after every reconnection.
 * Normal mode (108 tiles): no game of it ends in its first dozen moves, where a quick one (36) can
 * end blocked after two placements, about once in 400 random deals.
 * With several URLs (several processes), seat i connects to `urls[i % urls.length]`.
 */
export async function seatedPair(urls: string | readonly string[]) {
  const at = typeof urls === "string" ? [urls] : urls;
  const { roomId, creatorToken } = await createRoom(at[0]!, "qwirkle", { mode: "normal" });
  const players: { client: TestClient; seat: number; token: string }[] = [];
  for (const seat of [0, 1]) {
    const client = await TestClient.connect(at[seat % at.length]!, { reconnection: true });
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `P${seat}` })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token] }));
    client.socket.io.on("reconnect", () => void client.emit("room:watch", { roomId, seatTokens: [token] }));
    players.push({ client, seat, token });
  }
  expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
  for (const p of players) await p.client.waitFor((s) => s.room.status === "playing");
  return { roomId, players };
}

/** One scripted move by whoever is to move (with `moveId`, if given); resolves with the ack. */
export async function playOne(roomId: string, players: { client: TestClient; seat: number; token: string }[], moveId?: string) {
  // The mover of the last move heard of it first (its snapshot precedes its ack): wait until the
  // first player has caught up before deciding whose turn it is.
  const newest = Math.max(...players.map((p) => p.client.latest.room.moveNumber));
  const latest = await players[0]!.client.waitFor((s) => s.room.moveNumber === newest);
  const mover = players.find((p) => p.seat === latest.currentSeats[0])!;
  const snapshot = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber);
  const move = scriptedMove(qwirkleView(snapshot, mover.seat));
  return mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move, ...(moveId ? { moveId } : {}) });
}
