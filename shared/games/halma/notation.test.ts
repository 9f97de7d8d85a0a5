import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatCell, formatMove, parseCell, parseMove } from "./notation";

describe("notation", () => {
  it("reads the issue's example c3-e5-g7: columns a–p from the left, rows 1–16 from the bottom", () => {
    expect(parseMove("c3-e5-g7")).toEqual({ ok: true, move: { path: [{ row: 13, col: 2 }, { row: 11, col: 4 }, { row: 9, col: 6 }] } });
  });

  it.each([
    ["a1", { row: 15, col: 0 }],
    ["p1", { row: 15, col: 15 }],
    ["a16", { row: 0, col: 0 }],
    ["p16", { row: 0, col: 15 }],
    ["H10", { row: 6, col: 7 }],
  ])("%s is %j", (text, cell) => {
    expect(parseCell(text)).toEqual(cell);
    expect(formatCell(cell)).toBe(text.toLowerCase());
  });

  it("allows spaces around dashes", () => {
    expect(parseMove(" c3 - e5 ")).toEqual(parseMove("c3-e5"));
  });

  it.each([
    ["c3", 0],
    ["", 0],
    ["c3-q5", 3],
    ["c3-e17", 3],
    ["c3-e0", 3],
    ["c3--e5", 3],
    ["c3-e5-x", 6],
    ["c3 e5", 0],
  ])("refuses %j at %d", (text, at) => {
    expect(parseMove(text)).toEqual({ ok: false, error: "BAD_NOTATION", at });
  });

  it("formats and parses back any path", () => {
    const cell = fc.record({ row: fc.nat(15), col: fc.nat(15) });
    fc.assert(
      fc.property(fc.array(cell, { minLength: 2, maxLength: 10 }), (path) => {
        expect(parseMove(formatMove(path))).toEqual({ ok: true, move: { path } });
        expect(formatMove({ path })).toBe(formatMove(path));
      }),
    );
  });

  it("cannot format a cell off the board", () => {
    expect(() => formatCell({ row: 16, col: 0 })).toThrow(RangeError);
  });
});
