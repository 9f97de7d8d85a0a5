import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/registry";
import type { ErasedGame } from "./erase";
import { CLOCK_SEAT, stateAfter } from "./replay";

/** Plain data as the database keeps it (a checkpoint and the logged moves go through JSON). */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/**
 * A random game: at each step a random seat to move plays a random legal move, or — where the game
 * has a clock — the countdown runs out now and then. Returns every state and the moves as logged.
 */
function randomGame(game: ErasedGame, seed: string, choices: readonly number[]) {
  const seats = game.seatCounts[choices[0]! % game.seatCounts.length]!;
  const states: unknown[] = [game.setup(game.optionsSchema.parse({}), seats, seed)];
  const moves: { seat: number; move: unknown }[] = [];
  for (const choice of choices.slice(1)) {
    const state = states.at(-1);
    if (game.outcome(state).finished) break;
    const timer = game.timer?.(state) ?? null;
    const current = game.currentSeats(state);
    if (timer && game.onTimeout && (current.length === 0 || choice % 7 === 0)) {
      const result = game.onTimeout(state, timer.key);
      if (!result.ok) break;
      moves.push({ seat: CLOCK_SEAT, move: { type: "timeout", key: timer.key } });
      states.push(result.state);
      continue;
    }
    const seat = current[choice % Math.max(1, current.length)];
    if (seat === undefined) break;
    const legal = game.legalMoves(state, seat);
    const move = legal[choice % Math.max(1, legal.length)];
    if (move === undefined) break;
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`${game.id}: a legal move was refused: ${String(result.error)}`);
    moves.push({ seat, move });
    states.push(result.state);
  }
  return { states, moves };
}

/**
 * The store saves a room's state only every few moves (a checkpoint) and rebuilds it on load from the
 * checkpoint and the moves logged since. For every game, that rebuild must give the very state the
 * server had in memory, from any checkpoint.
 */
describe("a room rebuilt from a checkpoint and the moves since", () => {
  for (const game of GAMES) {
    it(`equals the room as it was (${game.id})`, () => {
      let replayed = 0; // moves applied again over all runs: the property must not hold vacuously
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { minLength: 30, maxLength: 45 }), fc.nat(), (seed, choices, at) => {
          const { states, moves } = randomGame(game, seed, choices);
          const checkpoint = at % states.length;
          const rebuilt = stateAfter(game, stored(states[checkpoint]), stored(moves.slice(checkpoint)));
          expect(rebuilt).toEqual(stored(states.at(-1)));
          replayed += moves.length - checkpoint;
        }),
        { numRuns: 25 },
      );
      expect(replayed).toBeGreaterThan(100);
    });
  }

  it("refuses a log that no longer applies", () => {
    const game = GAMES[0]!;
    const state = game.setup(game.optionsSchema.parse({}), 2, "x");
    expect(() => stateAfter(game, state, [{ seat: 1, move: { type: "pass" } }])).toThrow(/no longer applies/u);
  });
});
