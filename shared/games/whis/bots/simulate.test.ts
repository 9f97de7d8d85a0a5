import { describe, expect, it } from "vitest";
import { blockingChoice, mediumChoice, type Sim } from "./simulate";

// Codes: element × 4 + kind (water 0, fire 1, wind 2; simple 0, attack 1, special 2, transition 3), 12 Light.
function sim(hands: number[][], asked: number): Sim {
  return { hands, pile: [], discard: [asked * 4], asked, attack: 0, direction: 1, turn: 0 };
}

describe("rollout policies", () => {
  it("blockingChoice prefers the card that leaves the next seat nothing to play", () => {
    // Asked water: Simple Water keeps water, Volt (the water transition) turns it to wind; medium ties
    // them and plays the first. Seat 1 holds only water cards, so only Volt leaves it stuck.
    const s = sim([[0, 3, 8], [0, 0, 1], [8, 8, 8], [8, 8, 8]], 0);
    expect(mediumChoice(s, 0)).toEqual({ code: 0, ask: 0 });
    expect(blockingChoice(s, 0)?.code).toBe(3);
    // When seat 1 could answer either way, the choice is medium's.
    const open = sim([[0, 3, 8], [0, 8, 8], [8, 8, 8], [8, 8, 8]], 0);
    expect(blockingChoice(open, 0)?.code).toBe(0);
  });

  it("blockingChoice asks, with a wild, for the element the next seat lacks", () => {
    const s = sim([[12, 0, 0, 0], [4, 4, 4], [8, 8, 8], [8, 8, 8]], 2);
    // Nothing ordinary to play on wind: the wild, asking water (held most) for medium, wind or water
    // would both block seat 1, which holds only fire; water is also the favourite.
    expect(mediumChoice(s, 0)).toEqual({ code: 12, ask: 0 });
    expect(blockingChoice(s, 0)).toEqual({ code: 12, ask: 0 });
    const t = sim([[12, 0, 0, 0], [0, 0, 0], [8, 8, 8], [8, 8, 8]], 2);
    expect(blockingChoice(t, 0)?.ask).not.toBe(0);
  });
});
