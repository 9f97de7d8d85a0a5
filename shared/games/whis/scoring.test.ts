import { describe, expect, it } from "vitest";
import { roundScores } from "./scoring";
import { cards } from "./testkit";

describe("roundScores", () => {
  it("a winner takes the sum of the other hands, which each lose their value", () => {
    // Seat 1: 2 + 10 = 12; seat 2: 20 + 5 = 25; seat 3: 2. The winner gains 12 + 25 + 2 = 39.
    const hands = [[], cards("simple:water attack:fire"), cards("light special:wind"), cards("transition:water")];
    expect(roundScores({ hands, winner: 0 })).toEqual([39, -12, -25, -2]);
  });

  it("a loser gives a third (rounded down) to each other seat and loses the value rounded down to a multiple of 3", () => {
    // 15 cards: 3 Light (60) + 2 attacks (20) + 2 specials (10) + 8 simple (16) = 106.
    // Others gain floor(106 / 3) = 35; the loser loses 105.
    const loser = cards("light*3 attack:water attack:fire special:wind special:fire simple:water*8");
    expect(loser).toHaveLength(15);
    const hands = [cards("simple:fire"), loser, cards("light"), cards("attack:wind")];
    expect(roundScores({ hands, loser: 1 })).toEqual([35, -105, 35, 35]);
  });

  it("with two players the loser still loses the rounded value, the other gains only a third", () => {
    const loser = cards("simple:water*14 light"); // 28 + 20 = 48
    expect(roundScores({ hands: [loser, cards("simple:fire")], loser: 0 })).toEqual([-48, 16]);
  });

  it("an exact multiple of 3 is lost whole; zero stays zero (no negative zero)", () => {
    expect(roundScores({ hands: [cards("special:water special:fire simple:wind simple:wind simple:wind"), []], loser: 0 })).toEqual([-15, 5]);
    const zero = roundScores({ hands: [[], []], winner: 0 });
    expect(Object.is(zero[1], 0)).toBe(true);
  });

  it("ignores the elements and accepts the issue's card shape", () => {
    expect(roundScores({ hands: [[{ kind: "attack" }], [{ kind: "light" }, { kind: "simple", element: "wind" }]], winner: 0 })).toEqual([22, -22]);
  });

  it("needs exactly one of winner and loser, naming a seat", () => {
    expect(() => roundScores({ hands: [[], []] })).toThrow(RangeError);
    expect(() => roundScores({ hands: [[], []], winner: 0, loser: 1 })).toThrow(RangeError);
    expect(() => roundScores({ hands: [[], []], winner: 2 })).toThrow(RangeError);
  });
});
