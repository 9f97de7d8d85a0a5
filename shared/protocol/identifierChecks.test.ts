import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isNickname, isRoomId, isToken } from "./identifierChecks";
import { nicknameSchema, roomIdSchema, tokenSchema } from "./identifiers";

// The web client checks with the plain functions, the server with the schemas: they must agree on
// every string, or a name the form accepts would be refused on sending (or the reverse).

/** Strings near the edges: ids' alphabet and lengths, spaces, controls, bidi marks, lone surrogates, padding. */
const tricky = fc.oneof(
  fc.string({ unit: fc.constantFrom("A", "z", "0", "_", "-", "+", ".", " "), minLength: 0, maxLength: 140 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.string({ unit: fc.constantFrom(" ", "\t", "\n", "a", "é", "\u200b", "\u202e", "\u2066", "\ud800", "\udc00", "\u0301", "\u2800", "\u3164", "\u0085", "😀"), maxLength: 30 }),
  fc.tuple(fc.nat({ max: 200 }), fc.string({ maxLength: 30 })).map(([pad, text]) => `${" ".repeat(pad)}${text}`),
);

describe("the plain checks agree with the protocol's schemas", () => {
  it("nicknames", () => {
    fc.assert(fc.property(tricky, (text) => {
        expect(isNickname(text)).toBe(nicknameSchema.safeParse(text).success);
      }), { numRuns: 3000 });
  });

  it("room ids and tokens", () => {
    fc.assert(
      fc.property(tricky, (text) => {
        expect(isRoomId(text)).toBe(roomIdSchema.safeParse(text).success);
        expect(isToken(text)).toBe(tokenSchema.safeParse(text).success);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["Léa", true],
    ["  Bruno  ", true],
    ["", false],
    ["   ", false],
    ["a\nb", false],
    ["\u200b", false],
    ["ab\u202ecd", false],
    ["x".repeat(24), true],
    ["x".repeat(25), false],
    ["! \u{10000}\u{1d158}\u{1d165}\u{1d16e}\u{11099}\u{110ba} \u{10000} \u{1d158}\u{1d165}\u{1d16e}!", true], // 15 code points, 25 UTF-16 units (found by the property below)
    ["\u{1F600}".repeat(24), true], // 24 emoji: 48 units
    ["\u{1F600}".repeat(25), false],
    [`${" ".repeat(190)}Léa`, true],
    [`${" ".repeat(199)}Léa`, false],
    ["Alice\u200b", false], // a look-alike of Alice
    ["\ufeffAlice\ufeff", true], // the BOMs are trimmed: Alice
    ["Bob\u200d", false], // a joiner joining nothing: a look-alike of Bob
    ["👨\u200d👩\u200d👧", true],
  ])("nickname %j: %s", (text, expected) => {
    expect(isNickname(text)).toBe(expected);
    expect(nicknameSchema.safeParse(text).success).toBe(expected);
  });

  it("not strings", () => {
    for (const value of [null, undefined, 42, {}, ["A".repeat(22)]]) {
      expect(isNickname(value)).toBe(false);
      expect(isRoomId(value)).toBe(false);
      expect(isToken(value)).toBe(false);
    }
  });
});
