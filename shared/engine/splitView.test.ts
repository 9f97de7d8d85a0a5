import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GAMES } from "../games/registry";
import { randomGame } from "./randomGame";
import { splitView } from "./splitView";

describe("views in two parts", () => {
  it("splitView: a seat's view is the shared part and its own", () => {
    const { view, viewParts } = splitView({ shared: (state: { n: number }) => ({ n: state.n }), own: (_state, seat) => ({ seat }) });
    expect(view({ n: 2 }, 1)).toEqual({ n: 2, seat: 1 });
    expect(viewParts.own({ n: 2 }, null)).toEqual({ seat: null });
  });

  for (const game of GAMES) {
    it(`${game.id}: splits its view, and no field is in both parts`, () => {
      const parts = game.viewParts;
      expect(parts).toBeDefined(); // the server serialises the shared part once per change only for games that split
      let checked = 0;
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { minLength: 10, maxLength: 40 }), (seed, choices) => {
          const { states } = randomGame(game, seed, choices);
          for (const state of states) {
            const shared = parts!.shared(state);
            for (const seat of [null, 0, 1, 2, 3, 99]) {
              const own = parts!.own(state, seat);
              expect(Object.keys(own).filter((key) => key in shared)).toEqual([]);
              expect(JSON.stringify(game.view(state, seat))).toBe(JSON.stringify({ ...shared, ...own }));
              checked++;
            }
          }
        }),
        { numRuns: 10 },
      );
      expect(checked).toBeGreaterThan(100);
    });
  }
});
