import { outcomeByScore, seatToMove } from "../../engine/outcome";
import type { Outcome, Seat } from "../../engine/types";
import type { MahjongState } from "./types";

/** The seat to move, or nobody once the game is over. */
export function currentSeats(state: MahjongState): Seat[] {
  return seatToMove(state);
}

/** Scores, and once finished the best seats (a tie shares the win); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: MahjongState): Outcome {
  return outcomeByScore(state.scores, state.finished);
}
