import type { Seat } from "../../engine/types";
import { hasPlayable } from "./apply";
import { canPlay, choosesElement, copyCard, sameCard } from "./cards";
import { ELEMENTS, type Card, type WhisMove, type WhisState } from "./types";

/**
 * Every legal move of `seat` (complete): each distinct playable card (three moves, one per element,
 * for Prism, Light and Darkness), in hand order; then `draw` (on an active attack, or holding no
 * playable card) and `pass` (unless an attack is active). Deciding on a drawn card: playing it, or `keep`.
 */
export function legalMoves(state: WhisState, seat: Seat): WhisMove[] {
  const hand = state.hands[seat];
  if (state.finished || seat !== state.turn || hand === undefined) return [];
  if (state.phase === "drawn") {
    const drawn = state.drawn;
    return [...(drawn === null ? [] : playsOf(drawn)), { type: "keep" }];
  }
  const distinct: Card[] = [];
  for (const card of hand) if (canPlay(card, state) && !distinct.some((c) => sameCard(c, card))) distinct.push(card);
  const moves: WhisMove[] = distinct.flatMap(playsOf);
  if (state.attack > 0 || !hasPlayable(state, hand)) moves.push({ type: "draw" });
  if (state.attack === 0) moves.push({ type: "pass" });
  return moves;
}

/** The play moves for one card: with an element choice when the card asks for one. */
export function playsOf(card: Card): WhisMove[] {
  if (!choosesElement(card)) return [{ type: "play", card: copyCard(card) }];
  return ELEMENTS.map((ask): WhisMove => ({ type: "play", card: copyCard(card), ask }));
}
