import { describe, expect, it } from "vitest";
import { en } from "./messages";
import { formatWhisSummary } from "./summary";

/** A tiny translator over the English messages (ICU plurals reduced to their "other" form). */
const t = (id: string, options?: { values?: Record<string, string | number> }): string => {
  let node: unknown = en;
  for (const part of id.split(".")) node = (node as Record<string, unknown>)[part];
  let text = typeof node === "string" ? node : id;
  text = text.replace(/\{(\w+), plural, one \{([^}]*)\} other \{([^}]*)\}\}/gu, (_m, key: string, one: string, other: string) =>
    (options?.values?.[key] === 1 ? one : other).replace("#", String(options?.values?.[key])),
  );
  return text.replace(/\{(\w+)\}/gu, (_m, key: string) => String(options?.values?.[key] ?? `{${key}}`));
};

describe("WHIS history text", () => {
  it.each([
    [{ type: "play", seat: 0, card: { kind: "attack", element: "fire" }, fromDraw: false, ask: null, asked: "fire", attack: 4, again: false, reversed: false, roundEnd: null }, "Fire attack · attack: 4 to draw"],
    [{ type: "play", seat: 1, card: { kind: "light" }, fromDraw: true, ask: "water", asked: "water", attack: 0, again: false, reversed: false, roundEnd: null }, "Light · (just drawn) · asks Water"],
    [{ type: "play", seat: 1, card: { kind: "transition", element: "fire" }, fromDraw: false, ask: null, asked: "water", attack: 0, again: false, reversed: false, roundEnd: null }, "Ice · → Water"],
    [{ type: "draw", seat: 2, count: 4, penalty: true, asked: "wind", deciding: false, reshuffled: true, roundEnd: null }, "drew 4 cards (attack) · pile reshuffled"],
    [{ type: "pass", seat: 2, count: 1, reshuffled: false, roundEnd: { round: 3, winner: null, loser: 2 } }, "passed (drew 1 card) · round 3 lost with 15 cards"],
    [{ type: "play", seat: 0, card: { kind: "simple", element: "wind" }, fromDraw: false, ask: null, asked: "wind", attack: 0, again: false, reversed: false, roundEnd: { round: 1, winner: 0, loser: null } }, "Wind card · wins round 1"],
    [{ type: "keep", seat: 0 }, "kept the drawn card"],
  ])("formats %j", (summary, text) => {
    expect(formatWhisSummary(summary, t)).toBe(text);
  });

  it("ignores what it cannot read", () => {
    expect(formatWhisSummary({ type: "place" }, t)).toBeNull();
    expect(formatWhisSummary(null, t)).toBeNull();
  });
});
