// The move notation of the seed's text mode: cells like `c3` joined by dashes (`c3-e5-g7`).
// Columns a–p are left to right (col 0 = a); rows 1–16 count from the BOTTOM as on a chess board,
// so row 1 is the board's last row (row index 15) and `a1` is the bottom-left corner — the corner of
// seat 0's camp. Cells elsewhere in the engine are `{ row, col }` from the top-left.
import { inBoard, SIZE } from "./board";
import { MAX_PATH } from "./path";
import type { Cell, HalmaMove } from "./types";

const COLUMNS = "abcdefghijklmnop";
const CELL = /^([a-p])(1[0-6]|[1-9])$/u;

export type NotationResult =
  | { readonly ok: true; readonly move: HalmaMove }
  | { readonly ok: false; readonly error: "BAD_NOTATION"; readonly at: number };

/** One cell in notation (`c3`). Throws a RangeError for a cell off the 16×16 board. */
export function formatCell(cell: Cell): string {
  if (!inBoard(cell.row, cell.col)) throw new RangeError(`cell (${cell.row}, ${cell.col}) is off the board`);
  return `${COLUMNS[cell.col] ?? ""}${SIZE - cell.row}`;
}

/** One cell from notation (`c3`, case-insensitive), or null when it is not a cell of the board. */
export function parseCell(text: string): Cell | null {
  const m = CELL.exec(text.toLowerCase());
  if (m === null) return null;
  return { row: SIZE - Number(m[2]), col: COLUMNS.indexOf(m[1] ?? "") };
}

/**
 * Parses `c3-e5-g7` (spaces around dashes allowed, letters in any case) into a move whose path is
 * the listed cells. It checks the notation only, not the rules: `apply` does that. `at` is the
 * offset of the first bad cell; a path of fewer than 2 or more than MAX_PATH cells is bad at 0.
 */
export function parseMove(text: string): NotationResult {
  const path: Cell[] = [];
  let at = 0;
  for (const part of text.split("-")) {
    const start = at + (part.length - part.trimStart().length);
    const cell = parseCell(part.trim());
    if (cell === null) return { ok: false, error: "BAD_NOTATION", at: start };
    path.push(cell);
    at += part.length + 1;
  }
  if (path.length < 2 || path.length > MAX_PATH) return { ok: false, error: "BAD_NOTATION", at: 0 };
  return { ok: true, move: { path } };
}

/** A move's path in notation, e.g. `c3-e5-g7`. Throws a RangeError for a cell off the board. */
export function formatMove(move: HalmaMove | readonly Cell[]): string {
  const path = "path" in move ? move.path : move;
  return path.map(formatCell).join("-");
}
