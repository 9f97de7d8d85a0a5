import { outcomeByScore, seatToMove } from "../../engine/outcome";
import type { Outcome, Seat } from "../../engine/types";
import type { WhisState } from "./types";

/** The seat to move, or nobody once the game is over. A Double keeps the same seat. */
export function currentSeats(state: WhisState): Seat[] {
  return seatToMove(state);
}

/** Totals (negative allowed), and once finished the highest seats (ties share); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: WhisState): Outcome {
  return outcomeByScore(state.scores, state.finished);
}
