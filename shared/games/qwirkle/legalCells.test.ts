import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundsFor } from "./board";
import { randomPosition } from "./fuzzkit";
import { qwirkle } from "./game";
import { legalCells } from "./legalCells";
import type { Placement, QwirkleState, Tile } from "./types";

/** Every cell near the tiles where `apply` accepts `placements` plus `tile` there: the engine's own answer. */
function applyAccepts(state: QwirkleState, placements: readonly Placement[], tile: Tile): string[] {
  const all = [...state.board, ...placements];
  const rows = all.map((p) => p.row);
  const cols = all.map((p) => p.col);
  const out: string[] = [];
  for (let row = Math.min(...rows) - 2; row <= Math.max(...rows) + 2; row++) {
    for (let col = Math.min(...cols) - 2; col <= Math.max(...cols) + 2; col++) {
      const move = { type: "place" as const, placements: [...placements, { row, col, shape: tile.shape, color: tile.color }] };
      if (qwirkle.apply(state, state.turn, move).ok) out.push(`${row},${col}`);
    }
  }
  return out.sort();
}

const keys = (cells: readonly { row: number; col: number }[] | null): string[] => (cells ?? []).map((c) => `${c.row},${c.col}`).sort();

describe("legalCells", () => {
  it("is null (anywhere) on an empty board with nothing placed", () => {
    expect(legalCells([], [], { shape: "C", color: 1 }, null)).toBeNull();
  });

  it("lists exactly the cells where apply accepts the tile, alone or after the move's first tile", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 12 }), fc.constantFrom("12x26", "open"), (seed, moves, board) => {
        const state = randomPosition(`legal-${seed}`, 2, { mode: "quick", board } as QwirkleState["options"], moves);
        fc.pre(!state.finished);
        const hand = state.hands[state.turn] ?? [];
        const bounds = boundsFor(state.options.board);
        for (const [index, tile] of hand.entries()) {
          expect(keys(legalCells(state.board, [], tile, bounds))).toEqual(applyAccepts(state, [], tile));
          // A multi-tile move: another hand tile already put down, at its first legal cell.
          const first = hand[(index + 1) % hand.length];
          if (first === undefined || hand.length < 2) continue;
          const spot = legalCells(state.board, [], first, bounds)?.[0];
          if (spot === undefined) continue;
          const placed = [{ ...spot, shape: first.shape, color: first.color }];
          expect(keys(legalCells(state.board, placed, tile, bounds))).toEqual(applyAccepts(state, placed, tile));
        }
      }),
      { numRuns: 40 },
    );
  });
});
