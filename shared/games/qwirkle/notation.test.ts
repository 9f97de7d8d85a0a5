import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMove, parseMove } from "./notation";
import { COLORS, SHAPES } from "./types";

describe("parseMove", () => {
  it("reads the seed's example: ebC1 = red square at row e (4), column b (1)", () => {
    expect(parseMove("ebC1 ecC2")).toEqual({
      ok: true,
      placements: [
        { row: 4, col: 1, shape: "C", color: 1 },
        { row: 4, col: 2, shape: "C", color: 2 },
      ],
    });
  });

  const tolerant = ["ebC1 ecC2", "  ebC1   ecC2  ", "ebC1,ecC2", "ebC1, ecC2", "\tebC1\n,ecC2,"];
  it.each(tolerant)("tolerates spaces and commas: %j", (text) => {
    expect(parseMove(text)).toMatchObject({ ok: true, placements: [{ row: 4, col: 1 }, { row: 4, col: 2 }] });
  });

  it("reads the corners a..l / a..z and beyond l", () => {
    expect(parseMove("aaX0 lzT5 zzL3")).toMatchObject({
      ok: true,
      placements: [
        { row: 0, col: 0, shape: "X", color: 0 },
        { row: 11, col: 25, shape: "T", color: 5 },
        { row: 25, col: 25, shape: "L", color: 3 },
      ],
    });
  });

  it("parses an empty text as no placements (apply answers EMPTY_MOVE)", () => {
    expect(parseMove("  , ")).toEqual({ ok: true, placements: [] });
  });

  const bad = [
    { text: "ebc1", at: 0, why: "lower-case shape" },
    { text: "EbC1", at: 0, why: "upper-case row" },
    { text: "ebC6", at: 0, why: "colour out of 0..5" },
    { text: "ebQ1", at: 0, why: "unknown shape" },
    { text: "ebC1 ecC", at: 5, why: "truncated second token" },
    { text: "ebC1  ecC22", at: 6, why: "trailing digit" },
    { text: "ebC1,eb", at: 5, why: "after a comma" },
    { text: "e b C 1", at: 0, why: "spaces inside a token" },
    { text: "ebC1 ebC1x", at: 5, why: "second token repeats the first then garbage" },
  ];
  it.each(bad)("refuses $why: $text at $at", ({ text, at }) => {
    expect(parseMove(text)).toEqual({ ok: false, error: "BAD_NOTATION", at });
  });
});

describe("formatMove", () => {
  it("writes the seed's notation", () => {
    expect(
      formatMove([
        { row: 3, col: 2, shape: "E", color: 2 },
        { row: 5, col: 2, shape: "T", color: 2 },
      ]),
    ).toBe("dcE2 fcT2");
    expect(formatMove([])).toBe("");
  });

  it("refuses cells the letters cannot name", () => {
    expect(() => formatMove([{ row: -1, col: 0, shape: "C", color: 1 }])).toThrow(RangeError);
    expect(() => formatMove([{ row: 0, col: 26, shape: "C", color: 1 }])).toThrow(RangeError);
  });

  it("round-trips with parseMove", () => {
    const placement = fc.record({
      row: fc.integer({ min: 0, max: 25 }),
      col: fc.integer({ min: 0, max: 25 }),
      shape: fc.constantFrom(...SHAPES),
      color: fc.constantFrom(...COLORS),
    });
    fc.assert(
      fc.property(fc.array(placement, { maxLength: 6 }), (placements) => {
        expect(parseMove(formatMove(placements))).toEqual({ ok: true, placements });
      }),
    );
  });
});
