import { describe, expect, it } from "vitest";
import { nameWords } from "./nameWords";

describe("nameWords", () => {
  it.each([
    ["Bruno", ["Bruno"]],
    ["Ordinateur · Facile", ["Ordinateur", "·\u00A0Facile"]],
    ["Computer · Medium #2", ["Computer", "·\u00A0Medium", "#2"]],
    ["  Anne   Marie ", ["Anne", "Marie"]],
  ])("%j", (name, words) => {
    expect(nameWords(name)).toEqual(words);
  });
});
