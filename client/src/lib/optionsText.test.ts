import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { en as halmaEn } from "../games/halma/messages";
import { en as mahjongEn } from "../games/mahjong/messages";
import { en as memoarrEn } from "../games/memoarr/messages";
import { en as whisEn } from "../games/whis/messages";
import { en } from "../i18n/en";
import type { Translate } from "./errors";
import { optionsInWords } from "./optionsText";

/** The real English texts (shared and every game's), formatted as svelte-i18n does, default included. */
const games = { ...en.games, ...halmaEn.games, ...mahjongEn.games, ...memoarrEn.games, ...whisEn.games };
const english: Translate = (id, options) => {
  const template = id.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], { ...en, games });
  if (typeof template !== "string") return options?.default ?? id;
  return new IntlMessageFormat(template, "en").format(options?.values ?? {}) as string;
};

describe("optionsInWords", () => {
  it.each([
    ["qwirkle", "board=12x26, mode=quick", "Board: 12 × 26 grid · Tiles: Quick (36 tiles)"],
    ["memoarr", "expertDisplay=false, expertRules=true, peekSeconds=5", "Expert rules (animal powers) · Peek time (seconds): 5"],
    ["mahjong", "level=easy", "Level: Easy (36 tiles, 15 s turns)"],
    ["qwirkle", "", ""],
    ["qwirkle", "secretKnob=3, mode=normal", "Tiles: Normal (108 tiles)"], // an option without texts is not shown by its name
  ])("%s %j", (gameId, summary, words) => {
    expect(optionsInWords(gameId, summary, english)).toBe(words);
  });

  it("never shows a raw key=value for the games' demo options", () => {
    for (const [gameId, summary] of [["whis", "deck=[object Object], rounds=5"], ["halma", ""]] as const) {
      expect(optionsInWords(gameId, summary, english)).not.toMatch(/=|\[object/u);
    }
  });
});
