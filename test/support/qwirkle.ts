import { boundsFor, enumeratePlacements, type QwirkleMove, type QwirkleView } from "../../shared/games/qwirkle";
import type { RoomSnapshot } from "../../shared/protocol";
import { expectOk, type TestClient } from "./client";

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
