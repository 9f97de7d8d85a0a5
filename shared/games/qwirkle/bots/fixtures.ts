// Positions for the bots' tests: random legal games and "the same position, other hidden tiles".
// Pure, so it compiles with the engine; only tests import it.
import fc from "fast-check";
import type { BotInput, BotStrategy, Seat } from "../../../engine/types";
import { Rng, seedRng } from "../../../engine/rng";
import { qwirkle } from "../game";
import { BOARDS, MODES, type QwirkleMove, type QwirkleOptions, type QwirkleState, type QwirkleView, type Tile } from "../types";

/** A position after up to `moves` random legal moves (from `qwirkle.legalMoves`) from a fresh game. */
export function randomState(seed: string, seats: number, options: QwirkleOptions, moves: number): QwirkleState {
  const rng = new Rng(seedRng(`${seed}/drive`));
  let state = qwirkle.setup(options, seats, seed);
  for (let i = 0; i < moves && !state.finished; i++) {
    const legal = qwirkle.legalMoves(state, state.turn);
    // Mostly placements, as in real games; endless exchanges would never reach the endgame.
    const places = legal.filter((m) => m.type === "place");
    const pool = places.length > 0 && rng.next() < 0.9 ? places : legal;
    const move = pool[rng.int(pool.length)];
    if (move === undefined) break;
    const result = qwirkle.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
    state = result.state;
  }
  return state;
}

/**
 * The same position as `seat` sees it, with everything hidden from that seat dealt again: the other
 * hands and the bag are pooled, shuffled and redealt with the same sizes, and the game's Rng changes.
 */
export function redealHidden(state: QwirkleState, seat: Seat, rng: Rng): QwirkleState {
  const pool: Tile[] = [...state.bag];
  state.hands.forEach((hand, s) => {
    if (s !== seat) pool.push(...hand);
  });
  const shuffled = rng.shuffle(pool);
  const hands = state.hands.map((hand, s) => (s === seat ? hand : shuffled.splice(0, hand.length)));
  return { ...state, hands, bag: shuffled, rng: [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)] };
}

/** What a bot is given at `seat`: only that seat's view, with a seeded random function. */
function botInput(state: QwirkleState, seat: Seat, randomSeed: string): BotInput<QwirkleView> {
  const rng = new Rng(seedRng(randomSeed));
  return { view: qwirkle.view(state, seat), seat, history: [], random: () => rng.next() };
}

/** Asks `bot` for the move of the seat to play. */
export function decideAt(bot: BotStrategy<QwirkleView, QwirkleMove>, state: QwirkleState, randomSeed: string): QwirkleMove {
  return bot.decide(botInput(state, state.turn, randomSeed));
}

/**
 * Plays games steered mostly by `bot` itself (and one move in four picked at random from
 * `legalMoves`, so positions stray from the bot's own style) and checks, at every position, that
 * the bot's move is accepted by `apply`. Returns the number of positions checked, at most `limit`.
 */
function checkGame(
  bot: BotStrategy<QwirkleView, QwirkleMove>,
  seed: string,
  seats: number,
  options: QwirkleOptions,
  limit: number,
  refused: (move: QwirkleMove, error: string) => void,
): number {
  const rng = new Rng(seedRng(`${seed}/steer`));
  let state = qwirkle.setup(options, seats, seed);
  let checked = 0;
  while (!state.finished && checked < limit) {
    const seat = state.turn;
    const move = decideAt(bot, state, `${seed}/${checked}`);
    const result = qwirkle.apply(state, seat, move);
    checked++;
    if (!result.ok) {
      refused(move, result.error);
      return checked;
    }
    let next = result.state;
    if (rng.next() < 0.25) {
      const legal = qwirkle.legalMoves(state, seat);
      const other = legal[rng.int(legal.length)];
      const steered = other === undefined ? null : qwirkle.apply(state, seat, other);
      if (steered?.ok === true) next = steered.state;
    }
    state = next;
  }
  return checked;
}

/** Random game set-ups: any seed, seat count, tile set and board. */
const gameArb = fc.record({
  seed: fc.string({ maxLength: 10 }),
  seats: fc.integer({ min: 2, max: 4 }),
  mode: fc.constantFrom(...MODES),
  board: fc.constantFrom(...BOARDS),
});

/**
 * Checks `positions` positions over as many random games as it takes (a game gives 10 to 90) and
 * returns how many were checked; throws (and fast-check shrinks) on the first refused move.
 */
export function checkPositions(bot: BotStrategy<QwirkleView, QwirkleMove>, positions: number): number {
  let checked = 0;
  fc.assert(
    fc.property(gameArb, ({ seed, seats, mode, board }) => {
      if (checked >= positions) return; // enough: the remaining runs cost nothing
      checked += checkGame(bot, seed, seats, { mode, board }, positions - checked, (move, error) => {
        throw new Error(`${bot.id} proposed ${JSON.stringify(move)}, refused with ${error}`);
      });
    }),
    { numRuns: Math.ceil(positions / 5) },
  );
  return checked;
}
