import { campCells } from "./camps";
import { SEAT_COUNTS, type HalmaOptions, type HalmaState, type PlayerCount } from "./types";

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/** Whether Halma can be played with `seatCount` seats: 2 or 4, never 3. */
export function isSeatCount(seatCount: number): seatCount is PlayerCount {
  return SEAT_COUNTS.some((n) => n === seatCount);
}

/**
 * A new game: every seat's pieces on its camp (seat → corner as in campCells), seat 0 to play.
 * Halma needs no randomness, so the seed is unused. Throws a RangeError for any seat count other
 * than 2 or 4: the platform's seat range is 2..4, so a lobby that starts with 3 players is refused
 * here (the platform contract has no "allowed seat counts" yet).
 */
export function setupGame(_options: HalmaOptions, seatCount: number, _seed: string): HalmaState {
  if (!isSeatCount(seatCount)) throw new RangeError(`Halma is played by 2 or 4 players, not ${seatCount}`);
  return {
    players: seatCount,
    pieces: Array.from({ length: seatCount }, (_, seat) => campCells(seatCount, seat)),
    turn: 0,
    round: 1,
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
    winners: [],
  };
}
