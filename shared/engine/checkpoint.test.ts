import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/registry";
import { randomGame } from "./randomGame";
import { stateAfter } from "./replay";

/** Plain data as the database keeps it (a checkpoint and the logged moves go through JSON). */
const stored = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

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
