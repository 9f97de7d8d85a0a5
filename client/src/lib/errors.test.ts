import { describe, expect, it } from "vitest";
import type { ClientError } from "./api";
import { describeError, type Translate } from "./errors";

/** A dictionary lookup with svelte-i18n's fallback to `default`, then to the key. */
const MESSAGES: Readonly<Record<string, string>> = {
  "errors.BAD_OPTIONS": "These options are not valid.",
  "errors.RULE_VIOLATION": "This move breaks a rule.",
  "errors.ROOM_NOT_FOUND": "This room does not exist.",
  "games.whis.errors.BAD_OPTIONS": "The deck needs at least 60 cards.",
  "games.whis.errors.NOT_YOUR_TURN": "It is not your turn.",
};
const t: Translate = (id, options) => MESSAGES[id] ?? options?.default ?? id;

const badOptions: ClientError = { code: "BAD_OPTIONS", message: "the deck needs at least 60 cards" };

describe("describeError", () => {
  it.each<[string, ClientError, string | undefined, string]>([
    ["a game's rule", { code: "RULE_VIOLATION", message: "x", rule: "NOT_YOUR_TURN" }, "whis", "It is not your turn."],
    ["an unknown rule", { code: "RULE_VIOLATION", message: "x", rule: "NEW_RULE" }, "whis", "This move breaks a rule."],
    ["options the game explains", badOptions, "whis", "The deck needs at least 60 cards."],
    ["options of a game that does not explain them", badOptions, "halma", "These options are not valid."],
    ["options without a game", badOptions, undefined, "These options are not valid."],
    ["a platform code", { code: "ROOM_NOT_FOUND", message: "no room" }, "whis", "This room does not exist."],
    ["an untranslated code", { code: "NETWORK", message: "fetch failed" }, undefined, "fetch failed"],
  ])("translates %s", (_name, error, gameId, sentence) => {
    expect(describeError(t, error, gameId)).toBe(sentence);
  });
});
