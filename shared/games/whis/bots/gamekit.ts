// Whole games of medium bots for this folder's tests of the opponent model: every position with the
// public summaries that led to it. Only tests import it.
import { Rng, seedRng } from "../../../engine/rng";
import type { PublicMoveSummary } from "../../../engine/types";
import { applyMove } from "../apply";
import { whis } from "../game";
import type { WhisState } from "../types";
import { viewFor } from "../view";
import { medium } from "./medium";

/** Each position of a 4-seat game of medium bots set up from `seed`, before its move, then the end. */
export function* mediumGame(seed: string): Generator<{ readonly state: WhisState; readonly history: readonly PublicMoveSummary[] }> {
  let state = whis.setup(whis.optionsSchema.parse({}), 4, seed);
  const random = new Rng(seedRng(`${seed}/bots`));
  const history: PublicMoveSummary[] = [];
  while (!state.finished) {
    yield { state, history };
    const seat = state.turn;
    const result = applyMove(state, seat, medium.decide({ view: viewFor(state, seat), seat, history, random: () => random.next() }));
    if (!result.ok) throw new Error(result.error);
    state = result.state;
    history.push(result.summary);
  }
  yield { state, history };
}
