import { describe, expect, it } from "vitest";
import type { Translate } from "../../lib/errors";
import { IntlMessageFormat } from "intl-messageformat";
import { en } from "./messages";
import { formatMahjongSummary } from "./summary";

// A stand-in translator: the key's last part and its values, enough to see what was picked.
const t: Translate = (id, options) => {
  const values = options?.values ?? {};
  const args = Object.entries(values).map(([k, v]) => `${k}=${v}`).join(",");
  return args === "" ? id.replace("games.mahjong.", "") : `${id.replace("games.mahjong.", "")}(${args})`;
};
const tail = { seat: 0, turnNumber: 3, passed: [], endReason: null };

describe("formatMahjongSummary", () => {
  it.each([
    [{ ...tail, type: "select", tile: 4, family: "dates", result: "first", removed: null, points: 0 }, "history.picked(family=families.dates)"],
    [{ ...tail, type: "select", tile: 9, family: "dates", result: "pair", removed: [4, 9], points: 20 }, "history.pair(family=families.dates,points=20)"],
    [{ ...tail, type: "select", tile: 4, family: null, result: "deselect", removed: null, points: 0 }, "history.deselect"],
    [{ ...tail, type: "shuffle", kind: "bonshuffle", solvable: true }, "history.bonshuffle"],
    [{ ...tail, type: "shuffle", kind: "random", solvable: null }, "history.shuffle"],
    [{ ...tail, type: "endTurn" }, "history.endTurn"],
    [{ ...tail, seat: 1, type: "timeout" }, "history.timeout(name=Bob)"],
    [{ ...tail, type: "endTurn", passed: [1], endReason: "blocked" }, "history.endTurn · history.passed(name=Bob) · history.end.blocked"],
  ])("%j", (summary, text) => {
    expect(formatMahjongSummary(summary, t, ["Alice", "Bob"])).toBe(text);
  });

  // Issue 18: "⏱ Clock: ⏱ time is up for player 1", "picked a egg tile". With the real English texts.
  it("names the player whose time ran out, once, and reads well for every family", () => {
    const english: Translate = (id, options) => {
      const template = id.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], en);
      if (typeof template !== "string") throw new Error(`no message ${id}`);
      return new IntlMessageFormat(template, "en").format(options?.values ?? {}) as string;
    };
    const timeout = formatMahjongSummary({ ...tail, seat: 0, type: "timeout" }, english, ["Alice", "Bob"]);
    expect(timeout).toBe("time is up for Alice");
    expect(timeout).not.toMatch(/player \d|⏱/u);
    for (const family of Object.keys(en.games.mahjong.families)) {
      const text = formatMahjongSummary({ ...tail, type: "select", tile: 1, family, result: "first", removed: null, points: 0 }, english) ?? "";
      expect(text).not.toMatch(/\ba [aeiou]/u);
      expect(text, "one tile, whatever its family's name (not \"one olives tile\")").toBe(`picked a tile (${String((en.games.mahjong.families as Record<string, string>)[family])})`);
      const pair = formatMahjongSummary({ ...tail, type: "select", tile: 2, family, result: "pair", removed: [1, 2], points: 10 }, english) ?? "";
      expect(pair).not.toMatch(/pair of (?!tiles)/u); // not "a pair of egg"
    }
  });

  it("names no tile position, only the face it had when picked", () => {
    const text = formatMahjongSummary({ ...tail, type: "select", tile: 17, family: "fez", result: "first", removed: null, points: 0 }, t);
    expect(text).not.toContain("17");
  });

  it("leaves other games' records alone", () => {
    expect(formatMahjongSummary({ type: "place", seat: 0 }, t)).toBeNull();
    expect(formatMahjongSummary({ type: "select", seat: 0, tile: 1, family: "pizza", result: "first", points: 0 }, t)).toBeNull();
    expect(formatMahjongSummary(null, t)).toBeNull();
  });
});
