// Random play for this folder's property tests: reproducible games driven by the engine's own seeded
// Rng, and hidden-card scrambling for the redaction and fairness checks. Only tests import it.
import { Rng, seedRng } from "../../engine/rng";
import type { Seat } from "../../engine/types";
import { whis } from "./game";
import type { Card, WhisMove, WhisOptions, WhisState } from "./types";

/** Chance of picking a card when one can be played: pure random play would pass far too often. */
const PLAY_BIAS = 0.8;

/** Picks a legal move of the seat to move: usually a random play, otherwise any legal move. */
export function randomMove(state: WhisState, rng: Rng): WhisMove | undefined {
  const moves = whis.legalMoves(state, state.turn);
  const plays = moves.filter((m) => m.type === "play");
  const pool = plays.length > 0 && rng.next() < PLAY_BIAS ? plays : moves;
  return pool[rng.int(pool.length)];
}

/** A position after `moves` random legal moves from a fresh game (fewer if the game ends first). */
export function randomPosition(seed: string, seats: number, options: WhisOptions, moves: number): WhisState {
  const rng = new Rng(seedRng(`${seed}/play`));
  let state = whis.setup(options, seats, seed);
  for (let i = 0; i < moves && !state.finished; i++) {
    const move = randomMove(state, rng);
    if (move === undefined) break;
    const result = whis.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
    state = result.state;
  }
  return state;
}

/**
 * The same position with everything `seat` cannot see dealt anew: the other hands' cards and the pile
 * shuffled together and handed back in the same counts, and a new Rng. A card another seat is
 * deciding on stays the last card of its hand, as the engine keeps it.
 */
export function scrambleHidden(state: WhisState, seat: Seat, seed: string): WhisState {
  const rng = new Rng(seedRng(seed));
  const hidden = rng.shuffle([...state.hands.flatMap((h, s) => (s === seat ? [] : h)), ...state.pile]);
  const hands = state.hands.map((h, s): Card[] => (s === seat ? h.slice() : hidden.splice(0, h.length)));
  const deciding = state.phase === "drawn" && state.turn !== seat ? hands[state.turn]?.at(-1) ?? null : state.drawn;
  return { ...state, hands, pile: hidden, drawn: deciding, rng: rng.state };
}
