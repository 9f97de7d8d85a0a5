import { cellKey, inBounds, NEIGHBOURS, type Bounds } from "./board";
import { scorePlacement } from "./score";
import type { Placement, Tile } from "./types";

/** A board cell. */
export interface Cell {
  readonly row: number;
  readonly col: number;
}

/**
 * Where `tile` may go next, given the tiles already put down this turn (`placements`): every empty
 * cell, inside `bounds`, where `[...placements, tile]` is a legal placement by the engine's own rule
 * (`scorePlacement`, the check `apply` makes). Only cells touching a tile can qualify once the board
 * or the move has one; on an empty board with nothing placed yet, any cell does: null ("anywhere").
 */
export function legalCells(board: readonly Placement[], placements: readonly Placement[], tile: Tile, bounds: Bounds | null): Cell[] | null {
  const taken = new Set([...board, ...placements].map((p) => cellKey(p.row, p.col)));
  if (taken.size === 0) return null;
  const seen = new Set<string>();
  const out: Cell[] = [];
  for (const p of [...board, ...placements]) {
    for (const [dr, dc] of NEIGHBOURS) {
      const row = p.row + dr;
      const col = p.col + dc;
      const key = cellKey(row, col);
      if (seen.has(key) || taken.has(key)) continue;
      seen.add(key);
      if (!inBounds(bounds, row, col)) continue;
      if (scorePlacement(board, [...placements, { row, col, shape: tile.shape, color: tile.color }]).ok) out.push({ row, col });
    }
  }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}
