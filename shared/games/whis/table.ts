// A mutable working copy of the cards, used inside one `apply` call and never shared with a state:
// moves draw one card at a time, reshuffle the discard and may end the round half-way through.
import type { Rng } from "../../engine/rng";
import type { Seat } from "../../engine/types";
import { HAND_LIMIT } from "./cards";
import type { Card, WhisState } from "./types";

export interface Table {
  hands: Card[][];
  pile: Card[];
  discard: Card[];
  reshuffled: boolean; // the discard went back into the pile during this move
}

/** A fresh mutable copy of the state's cards (the cards themselves are immutable and shared). */
export function tableOf(state: WhisState): Table {
  return { hands: state.hands.map((h) => h.slice()), pile: state.pile.slice(), discard: state.discard.slice(), reshuffled: false };
}

/** What one draw did: a card, the 15-card limit (the round is lost), or nothing left to draw. */
export type DrawOutcome = { readonly type: "card"; readonly card: Card } | { readonly type: "limit" } | { readonly type: "empty" };

/**
 * Draws one card into `seat`'s hand. A seat already holding 15 cards loses instead of drawing. When
 * the pile is empty, the discard except its top card is shuffled into it first. "empty" happens only
 * when every other card is in the hands; with decks of 60 cards or more and at most four hands of 15,
 * someone else then holds 15 cards and the round soon ends.
 */
export function drawOne(table: Table, seat: Seat, rng: Rng): DrawOutcome {
  const hand = table.hands[seat];
  if (hand === undefined) throw new RangeError(`no seat ${seat}`);
  if (hand.length >= HAND_LIMIT) return { type: "limit" };
  if (table.pile.length === 0 && table.discard.length > 1) {
    const top = table.discard[table.discard.length - 1] as Card;
    table.pile = rng.shuffle(table.discard.slice(0, -1));
    table.discard = [top];
    table.reshuffled = true;
  }
  const card = table.pile.pop();
  if (card === undefined) return { type: "empty" };
  hand.push(card);
  return { type: "card", card };
}

/** The seat after `seat` in `direction` among `seatCount` seats. */
export function nextSeat(seat: Seat, direction: 1 | -1, seatCount: number): Seat {
  return (seat + direction + seatCount) % seatCount;
}

