// Checking a move's path against the rules, hop by hop, so a refused move says exactly why.
import type { Seat } from "../../engine/types";
import { EMPTY, inBoard, indexOf, SIZE } from "./board";
import type { Cell, HalmaError } from "./types";

/**
 * The longest path a move can have: a chain stays on cells of its start's (row, col) parity
 * (64 of the 256 cells) and never visits one twice.
 */
export const MAX_PATH = (SIZE / 2) * (SIZE / 2);

export type PathCheck = { readonly ok: true; readonly kind: "step" | "jump" } | { readonly ok: false; readonly error: HalmaError };

/**
 * Whether `path` is a legal move of `seat` on `grid` (EMPTY or a seat per cell): the start holds
 * one of its pieces, then either a single step to an empty neighbour, or jumps (each over an
 * adjacent piece to the empty cell just beyond, in any of the 8 directions) never visiting a cell
 * twice — which also forbids ending where it started. The moving piece has left its start, so no
 * jump may pass over the start cell.
 */
export function checkPath(grid: ArrayLike<number>, seat: Seat, path: readonly Cell[]): PathCheck {
  if (path.length < 2) return fail("PATH_TOO_SHORT");
  if (path.some((cell) => !inBoard(cell.row, cell.col))) return fail("OUT_OF_BOARD");
  const [start] = path;
  if (start === undefined) return fail("PATH_TOO_SHORT");
  const owner = grid[indexOf(start)];
  if (owner === EMPTY || owner === undefined) return fail("NO_PIECE");
  if (owner !== seat) return fail("NOT_YOUR_PIECE");
  const from = indexOf(start);
  const seen = new Set([from]);
  let kind: "step" | "jump" | null = null;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] ?? start;
    const b = path[i] ?? start;
    const to = indexOf(b);
    if (seen.has(to)) return fail("CELL_REVISITED");
    seen.add(to);
    if (grid[to] !== EMPTY) return fail("CELL_OCCUPIED");
    const dr = b.row - a.row;
    const dc = b.col - a.col;
    const span = Math.max(Math.abs(dr), Math.abs(dc));
    if (span === 1) {
      if (path.length > 2) return fail("STEP_ENDS_MOVE");
      kind = "step";
    } else if (span === 2 && dr % 2 === 0 && dc % 2 === 0) {
      const over = indexOf({ row: a.row + dr / 2, col: a.col + dc / 2 });
      if (over === from || grid[over] === EMPTY) return fail("NOTHING_TO_JUMP");
      kind = "jump";
    } else {
      return fail("NOT_A_STEP_OR_JUMP");
    }
  }
  return { ok: true, kind: kind ?? "step" };
}

function fail(error: HalmaError): PathCheck {
  return { ok: false, error };
}
