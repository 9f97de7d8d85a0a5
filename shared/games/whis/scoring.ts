import type { Seat } from "../../engine/types";
import { handValue } from "./cards";
import type { CardKind, Element } from "./types";

/** A card as `roundScores` needs it: only the kind counts for scoring. */
export interface ScoredCard {
  readonly kind: CardKind;
  readonly element?: Element;
}

/** The end of a round: each seat's remaining cards and exactly one of `winner` / `loser`. */
export interface RoundEnd {
  readonly hands: readonly (readonly ScoredCard[])[];
  readonly winner?: Seat;
  readonly loser?: Seat;
}

/**
 * Each seat's score change for one round (the seed's rules). With a winner, every other seat loses
 * the value of its hand and the winner gains the sum of those values. With a loser (who had to draw
 * while holding 15 cards), every other seat gains a third of the loser's hand value, rounded down,
 * and the loser loses that value rounded down to a multiple of 3. Throws a RangeError unless exactly
 * one of `winner` / `loser` names a seat of `hands`.
 */
export function roundScores(end: RoundEnd): number[] {
  const { hands, winner, loser } = end;
  const isSeat = (s: Seat | undefined): s is Seat => s !== undefined && Number.isInteger(s) && s >= 0 && s < hands.length;
  if ((winner === undefined) === (loser === undefined)) throw new RangeError("roundScores needs exactly one of winner and loser");
  const values = hands.map(handValue);
  if (isSeat(winner)) {
    const total = values.reduce((sum, v, seat) => (seat === winner ? sum : sum + v), 0);
    return values.map((v, seat) => (seat === winner ? total : negate(v)));
  }
  if (isSeat(loser)) {
    const third = Math.floor((values[loser] ?? 0) / 3);
    return values.map((_, seat) => (seat === loser ? negate(3 * third) : third));
  }
  throw new RangeError(`roundScores: no seat ${String(winner ?? loser)} among ${hands.length}`);
}

/** -x without a negative zero, which would compare unequal to 0 in tests and look odd in tables. */
function negate(x: number): number {
  return x === 0 ? 0 : -x;
}
