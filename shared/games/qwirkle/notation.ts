import { COLORS, SHAPES, type Color, type Placement, type Shape } from "./types";

/** Why a text is not a move in the seed's notation; `at` is the offset of the offending token. */
export type NotationResult =
  | { readonly ok: true; readonly placements: Placement[] }
  | { readonly ok: false; readonly error: "BAD_NOTATION"; readonly at: number };

const LETTERS = "abcdefghijklmnopqrstuvwxyz";
/** One placement: row letter, column letter, shape letter, colour digit, e.g. `ebC1`. */
const TOKEN = /^([a-z])([a-z])([CRELTX])([0-5])$/u;

/**
 * Parses the seed's move notation: placements like `ebC1` (row e, column b, red square) separated
 * by spaces and/or commas, extra whitespace allowed. An empty text parses to no placements (apply
 * then answers EMPTY_MOVE). Rows and columns are lower-case letters only, so the notation covers
 * cells 0..25 of each axis.
 */
export function parseMove(text: string): NotationResult {
  const placements: Placement[] = [];
  const separators = /[\s,]+/gu;
  let at = 0;
  for (const token of text.split(separators)) {
    // Recover the token's offset: split drops separators, so search from where the last one ended.
    const start = token === "" ? at : text.indexOf(token, at);
    at = start + token.length;
    if (token === "") continue;
    const m = TOKEN.exec(token);
    if (m === null) return { ok: false, error: "BAD_NOTATION", at: start };
    const [, row, col, shape, color] = m;
    placements.push({
      row: LETTERS.indexOf(row ?? ""),
      col: LETTERS.indexOf(col ?? ""),
      shape: SHAPES.find((s): s is Shape => s === shape) ?? "C",
      color: COLORS.find((c): c is Color => String(c) === color) ?? 0,
    });
  }
  return { ok: true, placements };
}

/**
 * Writes placements in the seed's notation, separated by single spaces (`ebC1 ecC2`).
 * Throws a RangeError for a cell outside a–z on either axis (possible only on the open board),
 * which the notation cannot express: callers format moves of the bounded board.
 */
export function formatMove(placements: readonly Placement[]): string {
  return placements.map(formatPlacement).join(" ");
}

/** One placement in the seed's notation, e.g. `ebC1`. Throws a RangeError outside a–z (see formatMove). */
export function formatPlacement(p: Placement): string {
  const row = LETTERS[p.row];
  const col = LETTERS[p.col];
  if (row === undefined || col === undefined || !Number.isInteger(p.row) || !Number.isInteger(p.col)) {
    throw new RangeError(`cell (${p.row}, ${p.col}) has no letter notation`);
  }
  return `${row}${col}${p.shape}${p.color}`;
}
