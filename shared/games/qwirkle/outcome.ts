import { outcomeByScore, seatToMove } from "../../engine/outcome";
import type { Outcome, Seat } from "../../engine/types";
import type { QwirkleState } from "./types";

/** The seat to move, or nobody once the game is over. */
export function currentSeats(state: QwirkleState): Seat[] {
  return seatToMove(state);
}

/** Scores, and once finished the best seats (ties share the win); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: QwirkleState): Outcome {
  return outcomeByScore(state.scores, state.finished);
}
