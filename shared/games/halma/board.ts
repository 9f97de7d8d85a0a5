// The 16×16 board as flat indices (index = row * size + col) for the fast paths: move generation
// and bots work on a typed-array grid, the public API on `{ row, col }` cells.
import type { Seat } from "../../engine/types";
import type { Cell } from "./types";

/** The board is SIZE × SIZE cells. */
export const SIZE = 16;

/** Marks an empty cell in a grid; other values are the seat of the piece standing there. */
export const EMPTY = -1;

/** The 8 directions a piece may step or jump in, as [dRow, dCol]. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [-1, -1], [-1, 0], [-1, 1],
  [0, -1],           [0, 1],
  [1, -1],  [1, 0],  [1, 1],
];

/** Whether (row, col) lies on a size × size board (and both are integers). */
export function inBoard(row: number, col: number, size = SIZE): boolean {
  return Number.isInteger(row) && Number.isInteger(col) && row >= 0 && col >= 0 && row < size && col < size;
}

export function indexOf(cell: Cell, size = SIZE): number {
  return cell.row * size + cell.col;
}

export function cellOf(index: number, size = SIZE): Cell {
  return { row: Math.floor(index / size), col: index % size };
}

export function sameCell(a: Cell, b: Cell): boolean {
  return a.row === b.row && a.col === b.col;
}

/** A grid of the board: EMPTY, or the seat whose piece stands on each cell. */
export function gridOf(pieces: readonly (readonly Cell[])[], size = SIZE): Int8Array {
  const grid = new Int8Array(size * size).fill(EMPTY);
  pieces.forEach((cells, seat: Seat) => {
    for (const cell of cells) grid[indexOf(cell, size)] = seat;
  });
  return grid;
}
