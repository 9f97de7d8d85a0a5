import { Rng, seedRng } from "../../engine/rng";
import { startRound } from "./round";
import type { WhisOptions, WhisState } from "./types";

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/**
 * A new game: round 1 dealt with the seeded Rng, seat 0 to begin, every score 0. Deterministic in
 * (options, seatCount, seed). Throws a RangeError for a seat count outside 2..4.
 */
export function setupGame(options: WhisOptions, seatCount: number, seed: string): WhisState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_SEATS || seatCount > MAX_SEATS) {
    throw new RangeError(`WHIS needs ${MIN_SEATS} to ${MAX_SEATS} seats, not ${seatCount}`);
  }
  const rng = new Rng(seedRng(seed));
  const opts: WhisOptions = { deck: { ...options.deck }, rounds: options.rounds };
  return startRound({ options: opts, scores: Array.from({ length: seatCount }, () => 0), results: [], moveCount: 0, lastMove: null }, 1, 0, rng);
}
