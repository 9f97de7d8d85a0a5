import type { BoardKind, Placement, Tile } from "./types";

/** A bounded board's size; cells are 0 <= row < rows, 0 <= col < cols. `null` means unbounded. */
export interface Bounds {
  readonly rows: number;
  readonly cols: number;
}

/** The seed's board: 12 rows (a–l) by 26 columns (a–z). */
export const SEED_BOUNDS: Bounds = { rows: 12, cols: 26 };

/** The bounds a board option stands for (`open` is unbounded). */
export function boundsFor(kind: BoardKind): Bounds | null {
  return kind === "12x26" ? SEED_BOUNDS : null;
}

/** Whether a cell lies on the board; always true on an unbounded board. */
export function inBounds(bounds: Bounds | null, row: number, col: number): boolean {
  return bounds === null || (row >= 0 && row < bounds.rows && col >= 0 && col < bounds.cols);
}

/** Map key of a cell; coordinates may be negative on the open board. */
export function cellKey(row: number, col: number): string {
  return `${row},${col}`;
}

/** The board as a cell → tile lookup, built once per validation. */
export type BoardIndex = ReadonlyMap<string, Tile>;

/** Indexes placed tiles by cell. A board never has two tiles on one cell, so the last one wins. */
export function indexBoard(board: readonly Placement[]): Map<string, Tile> {
  const index = new Map<string, Tile>();
  for (const p of board) index.set(cellKey(p.row, p.col), p);
  return index;
}

/** The two line directions: along a row (horizontal) or along a column (vertical). */
export const DIRECTIONS = [
  { dRow: 0, dCol: 1 },
  { dRow: 1, dCol: 0 },
] as const;
export type Direction = (typeof DIRECTIONS)[number];

/** The four orthogonal neighbours' offsets. */
export const NEIGHBOURS = [
  [-1, 0],
  [1, 0],
  [0, -1],
  [0, 1],
] as const;

/** Looks up the tile on a cell, or undefined when it is empty. */
export type CellLookup = (row: number, col: number) => Tile | undefined;

/**
 * The maximal run of occupied cells through the occupied cell (row, col) along `dir`, in board
 * order. Used for both validation and scoring so they always agree.
 */
export function runThrough(at: CellLookup, row: number, col: number, dir: Direction): Placement[] {
  let r = row;
  let c = col;
  while (at(r - dir.dRow, c - dir.dCol) !== undefined) {
    r -= dir.dRow;
    c -= dir.dCol;
  }
  const cells: Placement[] = [];
  for (let tile = at(r, c); tile !== undefined; tile = at(r, c)) {
    cells.push({ row: r, col: c, shape: tile.shape, color: tile.color });
    r += dir.dRow;
    c += dir.dCol;
  }
  return cells;
}
