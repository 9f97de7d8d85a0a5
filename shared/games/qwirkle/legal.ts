import type { Seat } from "../../engine/types";
import { boundsFor } from "./board";
import { canPlace, enumeratePlacements } from "./enumerate";
import { distinctTiles } from "./tiles";
import type { QwirkleMove, QwirkleState } from "./types";

/**
 * Every legal move of `seat`: all placements (complete, see enumeratePlacements), then exchanges,
 * then pass when allowed. Exchanges are not all listed: every subset of the hand would be up to 63
 * moves that bots gain little from, so only the whole hand and each distinct single tile are.
 */
export function legalMoves(state: QwirkleState, seat: Seat): QwirkleMove[] {
  const hand = state.hands[seat];
  if (state.finished || seat !== state.turn || hand === undefined) return [];
  const bounds = boundsFor(state.options.board);
  const moves: QwirkleMove[] = enumeratePlacements(state.board, hand, bounds).map((placements) => ({ type: "place", placements }));
  const singles = distinctTiles(hand);
  if (hand.length > 1 && state.bag.length >= hand.length) {
    moves.push({ type: "exchange", tiles: hand.map((t) => ({ shape: t.shape, color: t.color })) });
  }
  if (state.bag.length >= 1) {
    for (const tile of singles) moves.push({ type: "exchange", tiles: [tile] });
  }
  if (state.bag.length === 0 && !canPlace(state.board, hand, bounds)) moves.push({ type: "pass" });
  return moves;
}
