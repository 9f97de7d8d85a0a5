import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { slowEn } from "../i18n/slow.en";
import { slowFr } from "../i18n/slow.fr";
import { formatTimeLeft, remainingNow, type Format } from "./timeLeft";

/** A formatter over the real dictionaries, as the app's `$_` reads them. */
const formatIn =
  (language: string, dictionary: object): Format =>
  (id, options) => {
    const message = id.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], dictionary);
    return String(new IntlMessageFormat(message as string, language).format(options?.values));
  };
const en = formatIn("en", slowEn);
const fr = formatIn("fr", slowFr);

const MIN = 60_000;
const H = 60 * MIN;
const D = 24 * H;

// Between a number and its unit a no-break space (U+00A0): "2 days" never splits over two lines.
describe("formatTimeLeft", () => {
  it.each([
    [2 * D + 3 * H + 58 * MIN + 30_000, "2 days 3 h left", "encore 2 jours 3 h"],
    [D - 300, "1 day left", "encore 1 jour"], // a one-day turn as it starts, the snapshot 0.3 s on its way
    [D - MIN, "23 h left", "encore 23 h"], // a minute later
    [2 * D - 5_000, "2 days left", "encore 2 jours"],
    [7 * D, "7 days left", "encore 7 jours"],
    [D + 30 * MIN, "1 day left", "encore 1 jour"],
    [D + H, "1 day 1 h left", "encore 1 jour 1 h"],
    [23 * H + 58 * MIN, "23 h left", "encore 23 h"],
    [5 * H, "5 h left", "encore 5 h"],
    [5 * H + 20 * MIN, "5 h 20 min left", "encore 5 h 20 min"],
    [40 * MIN, "40 min left", "encore 40 min"],
    [40 * MIN + 1_000, "41 min left", "encore 41 min"],
    [59_000, "less than a minute left", "moins d’une minute"],
    [0, "time is up", "temps écoulé"],
    [-5, "time is up", "temps écoulé"],
  ])("%i ms", (ms, english, french) => {
    expect(formatTimeLeft(ms, en)).toBe(english);
    expect(formatTimeLeft(ms, fr)).toBe(french);
  });
});

describe("remainingNow", () => {
  it("counts down from the arrival of the snapshot, never below zero", () => {
    expect(remainingNow(10 * MIN, 1_000, 1_000 + MIN)).toBe(9 * MIN);
    expect(remainingNow(MIN, 0, 2 * MIN)).toBe(0);
  });
});
