import { describe, expect, it } from "vitest";
import { ALL_CARDS, buildDeck, canPlay, cardKey, cardValue, choosesElement, DEFAULT_DECK, deckSize, handValue } from "./cards";
import { card, cards } from "./testkit";
import { ELEMENTS, type Element } from "./types";

describe("card values (the seed's table)", () => {
  it.each([
    ["simple:water", 2],
    ["transition:fire", 2],
    ["special:wind", 5],
    ["attack:water", 10],
    ["light", 20],
    ["darkness", 20],
  ])("%s is worth %i", (key, value) => {
    expect(cardValue(card(key))).toBe(value);
  });

  it("adds up a hand", () => {
    expect(handValue(cards("simple:water attack:fire light special:wind transition:water"))).toBe(2 + 10 + 20 + 5 + 2);
  });
});

describe("the default deck", () => {
  it("has 60 cards: per element 9 simple, 3 attack, 3 special, 3 transition, plus 3 Light and 3 Darkness", () => {
    const deck = buildDeck(DEFAULT_DECK);
    expect(deck).toHaveLength(60);
    expect(deckSize(DEFAULT_DECK)).toBe(60);
    const count = (key: string) => deck.filter((c) => cardKey(c) === key).length;
    for (const e of ELEMENTS) {
      expect([count(`simple:${e}`), count(`attack:${e}`), count(`special:${e}`), count(`transition:${e}`)]).toEqual([9, 3, 3, 3]);
    }
    expect([count("light"), count("darkness")]).toEqual([3, 3]);
  });

  it("follows a custom composition", () => {
    expect(buildDeck({ simple: 10, attack: 5, special: 2, transition: 1, light: 4, darkness: 0 })).toHaveLength(3 * 18 + 4);
  });
});

describe("compatibility of every card with every situation", () => {
  const situations: { name: string; asked: Element; attack: number }[] = [
    ...ELEMENTS.map((asked) => ({ name: `${asked} asked`, asked, attack: 0 })),
    ...ELEMENTS.map((asked) => ({ name: `active ${asked} attack`, asked, attack: 2 })),
    { name: "active chain of three attacks", asked: "fire", attack: 6 },
  ];
  for (const situation of situations) {
    for (const c of ALL_CARDS) {
      const key = cardKey(c);
      const element = "element" in c ? c.element : null;
      // The rule, stated independently of canPlay: attacks answer attacks (wilds cannot); otherwise
      // a wild, or the element asked (a neutralised attack is just its element asked).
      const expected = situation.attack > 0 ? c.kind === "attack" : element === null || element === situation.asked;
      it(`${key} on ${situation.name}: ${expected ? "playable" : "refused"}`, () => {
        expect(canPlay(c, situation)).toBe(expected);
      });
    }
  }

  it("a neutralised fire attack asks for fire: a fire attack may follow, a water attack may not, a wild may", () => {
    const neutralised = { asked: "fire" as const, attack: 0 };
    expect(canPlay(card("attack:fire"), neutralised)).toBe(true);
    expect(canPlay(card("attack:water"), neutralised)).toBe(false);
    expect(canPlay(card("light"), neutralised)).toBe(true);
  });

  it("Prism, Light and Darkness choose the element; nothing else does", () => {
    expect(ALL_CARDS.filter(choosesElement).map(cardKey)).toEqual(["special:water", "light", "darkness"]);
  });
});
