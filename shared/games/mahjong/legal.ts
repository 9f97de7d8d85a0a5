import type { Seat } from "../../engine/types";
import { freeTileIds } from "./apply";
import { isStuck } from "./turn";
import type { MahjongMove, MahjongState } from "./types";

/**
 * Every legal move of `seat` (complete): when stuck, only the shuffle; otherwise a selection of each
 * free tile (the selected one included: selecting it again cancels), a shuffle while any is left,
 * and ending the turn. Empty when it is not `seat`'s turn or the game is over.
 */
export function legalMoves(state: MahjongState, seat: Seat): MahjongMove[] {
  if (state.finished || seat !== state.turn) return [];
  const canShuffle = (state.shufflesLeft[seat] ?? 0) > 0;
  if (isStuck(state)) return canShuffle ? [{ type: "shuffle" }] : []; // settle never leaves a stuck seat without one
  const moves: MahjongMove[] = freeTileIds(state).map((tile) => ({ type: "select", tile }));
  if (canShuffle) moves.push({ type: "shuffle" });
  moves.push({ type: "endTurn" });
  return moves;
}
