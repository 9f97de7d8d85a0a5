import { describe, expect, it } from "vitest";
import { computerLevelIn, LEVEL_MARK, nameWords } from "./nameWords";

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

describe("computerLevelIn", () => {
  const fr = `Ordinateur · ${LEVEL_MARK}`;
  it.each([
    ["Ordinateur · Facile #2", fr, "Facile #2"],
    ["Ordinateur · Difficile", fr, "Difficile"],
    ["Computer · Medium", `Computer · ${LEVEL_MARK}`, "Medium"],
    ["Computer · Medium", fr, null], // another language's computer: named in full
    ["Bruno", fr, null],
    ["Ordinateur · ", fr, null], // nothing after the prefix
    ["Ordinateur", fr, null],
  ])("%j in %j", (name, template, level) => {
    expect(computerLevelIn(name, template)).toBe(level);
  });
});
