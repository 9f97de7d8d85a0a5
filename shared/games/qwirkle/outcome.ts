import type { Outcome, Seat } from "../../engine/types";
import type { QwirkleState } from "./types";

/** The seat to move, or nobody once the game is over. */
export function currentSeats(state: QwirkleState): Seat[] {
  return state.finished ? [] : [state.turn];
}

/** Scores, and once finished the best seats (ties share the win); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: QwirkleState): Outcome {
  const scores = state.scores.slice();
  const best = Math.max(...scores);
  return {
    finished: state.finished,
    scores,
    winners: state.finished ? scores.flatMap((s, seat) => (s === best ? [seat] : [])) : [],
    ranks: scores.map((s) => 1 + scores.filter((other) => other > s).length),
  };
}
