// Random play for this folder's property tests: reproducible games driven by the engine's own
// seeded Rng. Pure, so it compiles with the engine; only tests import it.
import { Rng } from "../../engine/rng";
import { memoarr } from "./game";
import type { MemoarrMove, MemoarrState } from "./types";

/** The seat to move (the first of several during the peek) and a uniformly random legal move. */
export function randomMove(state: MemoarrState, rng: Rng): { seat: number; move: MemoarrMove } | undefined {
  const seat = memoarr.currentSeats(state)[0];
  if (seat === undefined) return undefined;
  const moves = memoarr.legalMoves(state, seat);
  const move = moves[rng.int(moves.length)];
  return move === undefined ? undefined : { seat, move };
}
