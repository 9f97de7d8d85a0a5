import { describe, expect, it } from "vitest";
import { DEFAULT_DECK } from "./cards";
import { moveSchema, optionsSchema } from "./schemas";
import { setupGame } from "./setup";
import { cardKey } from "./cards";

describe("options", () => {
  it("default to the 60-card deck and 5 rounds", () => {
    expect(optionsSchema.parse({})).toEqual({ deck: DEFAULT_DECK, rounds: 5 });
    expect(optionsSchema.parse({ deck: { attack: 4 } }).deck).toEqual({ ...DEFAULT_DECK, attack: 4 });
  });

  it.each([
    { rounds: 0 },
    { rounds: 11 },
    { rounds: 2.5 },
    { deck: { simple: 0 } },
    { deck: { attack: 11 } },
    { deck: { simple: 5 } }, // 48 cards: too small
    { deck: { jokers: 2 } },
    { extra: true },
  ])("refuse %j", (raw) => {
    expect(optionsSchema.safeParse(raw).success).toBe(false);
  });
});

describe("moves", () => {
  it.each([
    { type: "play", card: { kind: "simple", element: "water" } },
    { type: "play", card: { kind: "light" }, ask: "fire" },
    { type: "draw" },
    { type: "pass" },
    { type: "keep" },
  ])("accept %j", (raw) => {
    expect(moveSchema.safeParse(raw).success).toBe(true);
  });

  it.each([
    { type: "play", card: { kind: "light", element: "fire" } },
    { type: "play", card: { kind: "simple" } },
    { type: "play", card: { kind: "simple", element: "earth" } },
    { type: "play", card: { kind: "simple", element: "water" }, ask: "light" },
    { type: "play", card: { kind: "simple", element: "water", id: 3 } },
    { type: "draw", count: 2 },
    { type: "discard" },
  ])("refuse %j", (raw) => {
    expect(moveSchema.safeParse(raw).success).toBe(false);
  });
});

describe("setup", () => {
  it("deals 6 cards to each seat, turns up a simple card, seat 0 begins round 1", () => {
    for (const seed of ["a", "b", "c", "d", "e"]) {
      const s = setupGame(optionsSchema.parse({}), 3, seed);
      expect(s.hands.map((h) => h.length)).toEqual([6, 6, 6]);
      expect(s.discard).toHaveLength(1);
      const top = s.discard[0];
      expect(top?.kind).toBe("simple");
      expect(top && "element" in top ? top.element : null).toBe(s.asked);
      expect(s.pile.length).toBe(60 - 18 - 1);
      expect([s.round, s.turn, s.starter, s.direction, s.scores]).toEqual([1, 0, 0, 1, [0, 0, 0]]);
      const all = [...s.pile, ...s.discard, ...s.hands.flat()].map(cardKey);
      expect(all.filter((k) => k === "light")).toHaveLength(3);
    }
  });

  it("refuses seat counts outside 2..4", () => {
    expect(() => setupGame(optionsSchema.parse({}), 1, "x")).toThrow(RangeError);
    expect(() => setupGame(optionsSchema.parse({}), 5, "x")).toThrow(RangeError);
  });

  it("still finds a simple card to start with when the deck has very few", () => {
    const options = optionsSchema.parse({ deck: { simple: 1, attack: 10, special: 10, transition: 10, light: 10, darkness: 10 } });
    for (const seed of ["1", "2", "3", "4", "5", "6", "7", "8"]) expect(setupGame(options, 4, seed).discard[0]?.kind).toBe("simple");
  });
});
