import type { Outcome, Seat } from "../../engine/types";
import type { WhisState } from "./types";

/** The seat to move, or nobody once the game is over. A Double keeps the same seat. */
export function currentSeats(state: WhisState): Seat[] {
  return state.finished ? [] : [state.turn];
}

/** Totals (negative allowed), and once finished the highest seats (ties share); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: WhisState): Outcome {
  const scores = state.scores.slice();
  const best = Math.max(...scores);
  return {
    finished: state.finished,
    scores,
    winners: state.finished ? scores.flatMap((s, seat) => (s === best ? [seat] : [])) : [],
    ranks: scores.map((s) => 1 + scores.filter((other) => other > s).length),
  };
}
