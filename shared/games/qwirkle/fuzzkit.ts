// Random play for this folder's property tests and timing checks: reproducible games driven by the
// engine's own seeded Rng. Pure, so it compiles with the engine; only tests import it.
import { Rng, seedRng } from "../../engine/rng";
import { qwirkle } from "./game";
import type { QwirkleMove, QwirkleOptions, QwirkleState } from "./types";

/** Chance of preferring a placement when one exists: endless exchanges would never end a game. */
const PLACE_BIAS = 0.9;

/** Picks a legal move: usually a random placement, otherwise any legal move uniformly. */
export function randomMove(state: QwirkleState, rng: Rng): QwirkleMove | undefined {
  const moves = qwirkle.legalMoves(state, state.turn);
  const placements = moves.filter((m) => m.type === "place");
  const pool = placements.length > 0 && rng.next() < PLACE_BIAS ? placements : moves;
  return pool[rng.int(pool.length)];
}

/** A position after `moves` random legal moves from a fresh game (fewer if the game ends first). */
export function randomPosition(seed: string, seats: number, options: QwirkleOptions, moves: number): QwirkleState {
  const rng = new Rng(seedRng(`${seed}/play`));
  let state = qwirkle.setup(options, seats, seed);
  for (let i = 0; i < moves && !state.finished; i++) {
    const move = randomMove(state, rng);
    if (move === undefined) break;
    const result = qwirkle.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
    state = result.state;
  }
  return state;
}
