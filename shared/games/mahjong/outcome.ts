import type { Outcome, Seat } from "../../engine/types";
import type { MahjongState } from "./types";

/** The seat to move, or nobody once the game is over. */
export function currentSeats(state: MahjongState): Seat[] {
  return state.finished ? [] : [state.turn];
}

/** Scores, and once finished the best seats (a tie shares the win); rank = 1 + seats strictly ahead. */
export function outcomeOf(state: MahjongState): Outcome {
  const scores = state.scores.slice();
  const best = Math.max(...scores);
  return {
    finished: state.finished,
    scores,
    winners: state.finished ? scores.flatMap((s, seat) => (s === best ? [seat] : [])) : [],
    ranks: scores.map((s) => 1 + scores.filter((other) => other > s).length),
  };
}
