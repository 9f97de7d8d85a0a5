import { describe, expect, it } from "vitest";
import { campCells, checkPath, gridOf, hasWon, type Cell } from "../../../../shared/games/halma";
import { BLOCKED_WIN, CHAIN, startPosition, STEP } from "./ruleDiagrams";

const key = (c: Cell): string => `${c.row},${c.col}`;

describe("rules page pictures", () => {
  it("starts with 19×2 and 13×4 pieces", () => {
    expect(startPosition(2)).toHaveLength(38);
    expect(startPosition(4)).toHaveLength(52);
  });

  it("draws a legal three-jump chain and the steps of a piece", () => {
    const grid = gridOf([CHAIN.pieces.filter((p) => p.seat === 0), CHAIN.pieces.filter((p) => p.seat === 1)]);
    expect(checkPath(grid, 0, CHAIN.path)).toEqual({ ok: true, kind: "jump" });
    const stepGrid = gridOf([[STEP.pieces[0]], [STEP.pieces[1]]]);
    for (const dot of STEP.dots) expect(checkPath(stepGrid, 0, [STEP.pieces[0], dot])).toEqual({ ok: true, kind: "step" });
  });

  it("shows the real 2-player goal camp of red, full, with blue pieces left in it: red wins", () => {
    // The excerpt is rows 0–5, columns 10–15 of the board.
    const onBoard = (c: Cell): Cell => ({ row: c.row, col: c.col + 10 });
    expect(BLOCKED_WIN.camp.map(onBoard).map(key).sort()).toEqual(campCells(2, 1).map(key).sort());
    const red = BLOCKED_WIN.pieces.filter((p) => p.seat === 0).map(onBoard);
    const blue = BLOCKED_WIN.pieces.filter((p) => p.seat === 1).map(onBoard);
    expect(blue).toHaveLength(2);
    expect(hasWon(2, gridOf([red, blue]), 0)).toBe(true);
  });
});
