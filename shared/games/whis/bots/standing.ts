// What the way a round ends is worth to the hard bot. The arena counts games won, not points, so the
// bot values a round's score changes by its chance of ending the game on top: exactly in the last
// round (it wins or it does not), and with a normal model of the rounds still to play before that.
// Judging by the round's points alone (its change against the others' average) ignores who leads:
// it neither gambles when behind in the last round nor cares which opponent it lets go out.

/**
 * Standard deviation of the difference between two seats' score changes over one round of medium
 * play (49.5 measured over 3,000 rounds): how far the standings may move in a round still to come.
 */
export const ROUND_SPREAD = 50;

/**
 * What the hard bot expects to gain on each medium opponent per round still to come: its total ended
 * about 25 points above theirs over 5 rounds in the arena. Behind by less than that, it still counts
 * on catching up; against stronger players this is optimistic.
 */
export const EDGE_PER_ROUND = 5;

/** Weight of the round's points (change against the others' average) as a tie-breaker, per point. */
const POINTS_WEIGHT = 0.1;

export interface Standing {
  readonly scores: readonly number[]; // totals before this round's changes
  readonly round: number;
  readonly rounds: number;
  readonly seat: number;
}

/**
 * The worth of `changes` (each seat's score change for this round) to `seat`: 100 × its chance of
 * winning the game, plus the round's points against the others' average as a tie-breaker (so that
 * a round whose outcome cannot change the winner is still played for points).
 */
export function standingValue(s: Standing, changes: readonly number[]): number {
  const mine = changes[s.seat] ?? 0;
  const others = changes.reduce((sum, c, seat) => (seat === s.seat ? sum : sum + c), 0) / Math.max(1, changes.length - 1);
  const totals = s.scores.map((t, seat) => t + (changes[seat] ?? 0));
  const me = totals[s.seat] ?? 0;
  const left = s.rounds - s.round;
  let chance = 1;
  for (let seat = 0; seat < totals.length; seat++) {
    if (seat === s.seat) continue;
    const lead = me - (totals[seat] ?? 0);
    // Last round: the game is decided (a tie shares the win). Before: the lead against each
    // opponent still grows by EDGE_PER_ROUND and moves by ROUND_SPREAD per round to come, each
    // opponent taken as independent of the others.
    chance *= left === 0 ? (lead > 0 ? 1 : lead === 0 ? 0.5 : 0) : normalCdf((lead + EDGE_PER_ROUND * left) / (ROUND_SPREAD * Math.sqrt(left)));
  }
  return 100 * chance + POINTS_WEIGHT * (mine - others);
}

/** The standard normal distribution function (Abramowitz & Stegun 26.2.17, error below 7.5e-8). */
export function normalCdf(x: number): number {
  const t = 1 / (1 + 0.2316419 * Math.abs(x));
  const density = 0.3989422804 * Math.exp((-x * x) / 2);
  const tail = density * t * (0.31938153 + t * (-0.356563782 + t * (1.781477937 + t * (-1.821255978 + t * 1.330274429))));
  return x > 0 ? 1 - tail : tail;
}
