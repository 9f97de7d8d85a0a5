import { describe, expect, it } from "vitest";
import { gridOf, indexOf, reachable, type Cell } from "../../../../shared/games/halma";
import { chainClosed, chainTo, jumpCount, nextHops, tapError } from "./moveEntry";

const key = (c: Cell): string => `${c.row},${c.col}`;
const keys = (cells: readonly Cell[]): string[] => cells.map(key).sort();

/** Seat 0's piece on (8,8), seat 0 and 1 pieces around it to jump over. */
const mover = { row: 8, col: 8 };
const pieces: Cell[][] = [
  [mover, { row: 7, col: 8 }, { row: 5, col: 7 }],
  [{ row: 8, col: 9 }, { row: 6, col: 11 }],
];
const grid = gridOf(pieces);

describe("building a Halma move", () => {
  it("offers steps and single jumps first, then only further jumps", () => {
    const first = nextHops(grid, [mover]);
    expect(first.map(key)).toContain("6,8"); // jump over (7,8)
    expect(first.map(key)).toContain("8,10"); // jump over (8,9)
    expect(first.map(key)).toContain("9,9"); // a step
    expect(first.map(key)).not.toContain("7,8"); // taken
    const after = nextHops(grid, [mover, { row: 6, col: 8 }]);
    expect(keys(after)).toEqual(["4,6"]); // over (5,7); never back to the start
    expect(nextHops(grid, [mover, { row: 9, col: 9 }])).toEqual([]); // a step ends the move
  });

  it("finds the shortest chain to any reachable cell, and only to those", () => {
    const all = reachable(pieces.flat(), mover);
    for (const target of all) {
      const chain = chainTo(grid, [mover], target);
      expect(chain, key(target)).not.toBeNull();
      expect(chain?.[0]).toEqual(mover);
      expect(chain?.at(-1)).toEqual(target);
    }
    const reach = new Set(all.map((c) => indexOf(c)));
    for (let i = 0; i < 256; i++) {
      const target = { row: Math.floor(i / 16), col: i % 16 };
      if (!reach.has(i)) expect(chainTo(grid, [mover], target), key(target)).toBeNull();
    }
    expect(chainTo(grid, [mover], { row: 4, col: 6 })).toEqual([mover, { row: 6, col: 8 }, { row: 4, col: 6 }]);
  });

  it("extends a chain from where it is, without revisiting", () => {
    const chain = [mover, { row: 8, col: 10 }];
    // From (8,10): nothing to jump but (8,9) back to the start, which is visited.
    expect(chainTo(grid, chain, { row: 8, col: 8 })).toBeNull();
    expect(chainTo(grid, [mover, { row: 6, col: 8 }], { row: 4, col: 6 })).toHaveLength(3);
  });

  it("says why a cell cannot come next", () => {
    expect(tapError(grid, 0, [mover], { row: 7, col: 8 })).toBe("CELL_OCCUPIED");
    expect(tapError(grid, 0, [mover], { row: 10, col: 8 })).toBe("NOTHING_TO_JUMP");
    expect(tapError(grid, 0, [mover], { row: 15, col: 0 })).toBe("NOT_REACHABLE");
    expect(tapError(grid, 0, [mover, { row: 9, col: 9 }], { row: 10, col: 10 })).toBe("STEP_ENDS_MOVE");
  });

  it("counts jumps", () => {
    expect(jumpCount([mover, { row: 9, col: 9 }])).toBe(0);
    expect(chainClosed([mover, { row: 9, col: 9 }])).toBe(true);
    expect(jumpCount([mover, { row: 6, col: 8 }, { row: 4, col: 6 }])).toBe(2);
  });
});
