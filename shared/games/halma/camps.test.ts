import { describe, expect, it } from "vitest";
import { campCells, cornerOf, distanceToGoal, goalCells, goalCorner, goalSeatOf } from "./camps";
import { halma } from "./game";
import { formatCell } from "./notation";
import { keysOf } from "./testkit";

describe("campCells", () => {
  it("2 players: 19 cells in rows of 5, 5, 4, 3, 2; seat 0 at a1 (bottom-left), seat 1 at p16", () => {
    const seat0 = campCells(2, 0);
    expect(seat0).toHaveLength(19);
    expect(seat0.map(formatCell).sort()).toEqual(
      ["a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2", "a3", "b3", "c3", "d3", "a4", "b4", "c4", "a5", "b5"].sort(),
    );
    // The mirror through the centre.
    expect(keysOf(campCells(2, 1))).toEqual(keysOf(seat0.map((c) => ({ row: 15 - c.row, col: 15 - c.col }))));
    expect(campCells(2, 1).every((c) => c.row <= 4 && c.col >= 11)).toBe(true);
  });

  it("2 players: the top-left shape from the issue is r ≤ 4, c ≤ 4, r + c ≤ 5 (here flipped to the bottom)", () => {
    for (const c of campCells(2, 0)) {
      const r = 15 - c.row;
      expect(r <= 4 && c.col <= 4 && r + c.col <= 5).toBe(true);
    }
  });

  it("4 players: 13 cells in rows of 4, 4, 3, 2 in each corner, going round the board", () => {
    const corners = [0, 1, 2, 3].map((s) => cornerOf(4, s));
    expect(corners).toEqual(["bottom-left", "top-left", "top-right", "bottom-right"]);
    expect(campCells(4, 1).map(formatCell).sort()).toEqual(["a16", "b16", "c16", "d16", "a15", "b15", "c15", "d15", "a14", "b14", "c14", "a13", "b13"].sort());
    const all = [0, 1, 2, 3].flatMap((s) => campCells(4, s));
    expect(all).toHaveLength(52);
    expect(new Set(keysOf(all)).size).toBe(52);
  });

  it("every goal is the diagonally opposite camp", () => {
    expect([0, 1].map((s) => goalSeatOf(2, s))).toEqual([1, 0]);
    expect([0, 1, 2, 3].map((s) => goalSeatOf(4, s))).toEqual([2, 3, 0, 1]);
    expect(keysOf(goalCells(4, 1))).toEqual(keysOf(campCells(4, 3)));
    expect(goalCorner(2, 0)).toEqual({ row: 0, col: 15 });
    expect(goalCorner(4, 3)).toEqual({ row: 0, col: 0 });
  });

  it("refuses a seat the game does not have", () => {
    expect(() => campCells(2, 2)).toThrow(RangeError);
  });

  it("measures distance in king steps to the goal corner", () => {
    expect(distanceToGoal(2, 0, { row: 15, col: 0 })).toBe(15);
    expect(distanceToGoal(2, 0, { row: 3, col: 12 })).toBe(3);
    expect(distanceToGoal(2, 0, { row: 0, col: 15 })).toBe(0);
  });
});

describe("setup", () => {
  it("puts 19 × 2 pieces on the two camps", () => {
    const state = halma.setup({}, 2, "x");
    expect(state.pieces.map((p) => p.length)).toEqual([19, 19]);
    expect(keysOf(state.pieces[0] ?? [])).toEqual(keysOf(campCells(2, 0)));
    expect(keysOf(state.pieces[1] ?? [])).toEqual(keysOf(campCells(2, 1)));
    expect(state.turn).toBe(0);
    expect(halma.currentSeats(state)).toEqual([0]);
  });

  it("puts 13 × 4 pieces on the four camps", () => {
    const state = halma.setup({}, 4, "x");
    expect(state.pieces.map((p) => p.length)).toEqual([13, 13, 13, 13]);
    for (const seat of [0, 1, 2, 3]) expect(keysOf(state.pieces[seat] ?? [])).toEqual(keysOf(campCells(4, seat)));
  });

  it.each([1, 3, 5, 2.5])("refuses %d seats", (seats) => {
    expect(() => halma.setup({}, seats, "x")).toThrow(RangeError);
  });

  it("needs no randomness: the seed changes nothing", () => {
    expect(halma.setup({}, 4, "a")).toEqual(halma.setup({}, 4, "b"));
  });
});
