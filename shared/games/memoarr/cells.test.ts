import { describe, expect, it } from "vitest";
import { CARD_CELLS, CENTER, formatCell, neighbours, parseCell, peekCellsOf } from "./cells";
import { renderGrid, renderRevealed } from "./text";
import { card } from "./testkit";
import type { MemoarrView } from "./types";

const names = (cells: readonly number[]): string[] => cells.map(formatCell).sort();

describe("cell notation", () => {
  it.each([
    ["A1", 0],
    ["A5", 4],
    ["B4", 8],
    ["C3", CENTER],
    ["E5", 24],
  ])("%s is cell %i and back", (text, index) => {
    expect(parseCell(text)).toBe(index);
    expect(formatCell(index)).toBe(text);
  });

  it.each(["", "a1", "F1", "A0", "A6", "B44", " B4", "4B"])("refuses %j", (text) => {
    expect(parseCell(text)).toBeNull();
  });

  it("has 24 card cells around the empty centre", () => {
    expect(CARD_CELLS).toHaveLength(24);
    expect(CARD_CELLS).not.toContain(CENTER);
  });
});

describe("neighbours", () => {
  it.each([
    ["A1", ["A2", "B1"]], // corner: two
    ["A3", ["A2", "A4", "B3"]], // edge: three
    ["B3", ["A3", "B2", "B4"]], // above the centre: the centre is not a card
    ["C2", ["B2", "C1", "D2"]],
    ["B2", ["A2", "B1", "B3", "C2"]], // inside: four
  ])("%s touches %j", (cell, expected) => {
    expect(names(neighbours(parseCell(cell) ?? -1))).toEqual(expected);
  });
});

describe("peek cells", () => {
  it.each([
    [0, ["A2", "A3", "A4"]], // top
    [1, ["E2", "E3", "E4"]], // bottom
    [2, ["B1", "C1", "D1"]], // left
    [3, ["B5", "C5", "D5"]], // right
  ])("seat %i peeks at %j", (seat, expected) => {
    expect(names(peekCellsOf(seat))).toEqual(expected);
  });
});

describe("the seed's console rendering", () => {
  // The seed's example: four cards revealed in the order A1 D1 B4 D3.
  const revealed = [
    { cell: "A1", card: card("Wy") },
    { cell: "D1", card: card("Py") },
    { cell: "B4", card: card("Pb") },
    { cell: "D3", card: card("Tb") },
  ];

  it("prints the expert display as the seed does", () => {
    expect(renderRevealed(revealed)).toBe(["yyy yyy bbb bbb", "yWy yPy bPb bTb", "yyy yyy bbb bbb", "A1  D1  B4  D3"].join("\n"));
  });

  it("prints the grid with zzz for face-down cards and a blank centre", () => {
    const grid: MemoarrView["grid"] = Array.from({ length: 25 }, (_, i) => {
      const up = revealed.find((p) => p.cell === formatCell(i));
      return { cell: formatCell(i), state: i === CENTER ? "empty" : up ? "up" : "down", card: up?.card ?? null };
    });
    const lines = renderGrid({ grid }).split("\n");
    expect(lines.slice(0, 3)).toEqual(["   yyy zzz zzz zzz zzz", "A  yWy zzz zzz zzz zzz", "   yyy zzz zzz zzz zzz"]);
    expect(lines[9]).toBe("C  zzz zzz     zzz zzz");
    expect(lines[13]).toBe("D  yPy zzz bTb zzz zzz");
    expect(lines.at(-1)).toBe("    1   2   3   4   5");
  });
});
