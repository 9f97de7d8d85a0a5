import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { halma } from "./game";
import { parseCell } from "./notation";
import { reachable } from "./reach";
import { keysOf, makeState, piecesFrom } from "./testkit";
import type { Cell } from "./types";

const cell = (text: string): Cell => {
  const c = parseCell(text);
  if (c === null) throw new Error(`bad cell ${text}`);
  return c;
};

/** The brute-force definition: steps, plus every simple jump chain explored depth-first. */
function bruteForce(occupied: readonly Cell[], from: Cell, size: number): Cell[] {
  const taken = new Set(occupied.map((c) => `${c.row},${c.col}`));
  taken.delete(`${from.row},${from.col}`); // the moving piece has left its start
  const isFree = (r: number, c: number): boolean => r >= 0 && c >= 0 && r < size && c < size && !taken.has(`${r},${c}`);
  const out = new Map<string, Cell>();
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      if ((dr !== 0 || dc !== 0) && isFree(from.row + dr, from.col + dc)) out.set(`${from.row + dr},${from.col + dc}`, { row: from.row + dr, col: from.col + dc });
    }
  }
  const visit = (at: Cell, seen: Set<string>): void => {
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        if (dr === 0 && dc === 0) continue;
        const over = { row: at.row + dr, col: at.col + dc };
        const to = { row: at.row + 2 * dr, col: at.col + 2 * dc };
        const key = `${to.row},${to.col}`;
        if (!taken.has(`${over.row},${over.col}`) || !isFree(to.row, to.col) || seen.has(key)) continue;
        out.set(key, to);
        visit(to, new Set([...seen, key]));
      }
    }
  };
  visit(from, new Set([`${from.row},${from.col}`]));
  return [...out.values()];
}

describe("reachable on hand-made positions", () => {
  // Rows 4..8 of the board; `*` moves, 0 = own pieces, 1 = opponent pieces.
  const picture = ["", "", "", "", ".....", ".....*1", ".....0.1", "......0", "........"];
  const pieces = piecesFrom(picture, 2);
  const occupied = pieces.flat();
  const from = { row: 5, col: 5 };

  it("lists the 6 free neighbours and the 3 chain landings, nothing else", () => {
    const steps = [
      [4, 4], [4, 5], [4, 6], [5, 4], [6, 4], [6, 6],
    ].map(([row, col]) => ({ row: row ?? 0, col: col ?? 0 }));
    const landings = [{ row: 5, col: 7 }, { row: 7, col: 5 }, { row: 7, col: 7 }];
    const found = reachable(occupied, from);
    expect(keysOf(found)).toEqual(keysOf([...steps, ...landings]));
    expect(new Set(keysOf(found)).size).toBe(found.length);
  });

  it("accepts the chain that changes direction over opponent then own pieces", () => {
    const state = makeState({ players: 2, pieces });
    // right over an opponent, down over an opponent, left over an own piece
    const path = [from, { row: 5, col: 7 }, { row: 7, col: 7 }, { row: 7, col: 5 }];
    const result = halma.apply(state, 0, { path });
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.summary).toMatchObject({ type: "move", seat: 0, kind: "jump", path, notation: "f11-h11-h9-f9" });
  });

  it("never lands back on the start of a chain", () => {
    // Four pieces round the start: every chain loops back to it, which is not a move.
    const ring = piecesFrom(["", "", "", "", "", ".....0", "....0*0", ".....0"], 1).flat();
    const found = reachable(ring, { row: 6, col: 5 });
    expect(keysOf(found)).not.toContain("6,5");
    expect(keysOf(found.filter((c) => Math.abs(c.row - 6) > 1 || Math.abs(c.col - 5) > 1))).toEqual(["4,5", "6,3", "6,7", "8,5"]);
  });

  it("stays on the board in a corner", () => {
    const corner = [cell("a1"), cell("b1"), cell("a2"), cell("b2")];
    expect(keysOf(reachable(corner, cell("a1")))).toEqual(keysOf([cell("c1"), cell("a3"), cell("c3")]));
  });

  it("a lone piece only steps", () => {
    expect(reachable([cell("h8")], cell("h8"))).toHaveLength(8);
  });
});

describe("reachable against brute force", () => {
  const positionArb = fc.integer({ min: 4, max: 7 }).chain((size) =>
    fc.record({
      size: fc.constant(size),
      cells: fc.uniqueArray(fc.record({ row: fc.nat(size - 1), col: fc.nat(size - 1) }), {
        minLength: 1,
        maxLength: Math.floor((size * size) / 2),
        selector: (c) => `${c.row},${c.col}`,
      }),
    }),
  );

  it("finds exactly the cells every simple step or chain ends on", () => {
    fc.assert(
      fc.property(positionArb, ({ size, cells }) => {
        const from = cells[0] as Cell;
        const found = reachable(cells, from, size);
        expect(new Set(keysOf(found)).size).toBe(found.length);
        expect(keysOf(found)).toEqual(keysOf(bruteForce(cells, from, size)));
      }),
      { numRuns: 400 },
    );
  });

  it("agrees with the engine's legal moves on random 16×16 positions", () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.record({ row: fc.nat(15), col: fc.nat(15) }), { minLength: 2, maxLength: 60, selector: (c) => `${c.row},${c.col}` }), (cells) => {
        const state = makeState({ players: 2, pieces: [cells.slice(0, 1), cells.slice(1)] });
        const ends = halma.legalMoves(state, 0).map((m) => m.path[m.path.length - 1] as Cell);
        expect(keysOf(ends)).toEqual(keysOf(reachable(cells, cells[0] as Cell)));
        for (const move of halma.legalMoves(state, 0)) expect(halma.apply(state, 0, move).ok).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});
