import { MAX_LINE, QWIRKLE_BONUS } from "../lines";
import { AXES, crossOf, EMPTY, missingFor, validLine, type Axis, type Grid } from "./grid";

/** A chance to finish a Qwirkle with one tile: `code` on (row, col) would score `points`. */
export interface Opening {
  readonly row: number;
  readonly col: number;
  readonly code: number;
  readonly points: number;
}

/** A chance to finish a Qwirkle with two tiles on the ends of a four-tile line. */
export interface PairOpening {
  readonly codes: readonly [number, number];
  readonly points: number;
}

/** Points for `code` alone on the free cell (row, col), or null when one of its lines would be illegal. */
function singleScore(grid: Grid, row: number, col: number, code: number): number | null {
  let points = 0;
  for (const axis of AXES) {
    const line = [...grid.runFrom(row, col, axis, -1), code, ...grid.runFrom(row, col, axis, 1)];
    if (!validLine(line)) return null;
    if (line.length >= 2) points += line.length + (line.length === MAX_LINE ? QWIRKLE_BONUS : 0);
  }
  return points;
}

/**
 * The one-tile Qwirkles on a free cell: along an axis the tiles on both sides make five of a line, so
 * exactly one tile completes it, if it also suits the crossing line. A cell between two lines of five
 * that want the same tile gives one opening worth both.
 */
export function openingsAt(grid: Grid, row: number, col: number): Opening[] {
  if (!grid.free(row, col)) return [];
  const out: Opening[] = [];
  for (const axis of AXES) {
    const before = grid.runFrom(row, col, axis, -1);
    const after = grid.runFrom(row, col, axis, 1);
    if (before.length + after.length !== MAX_LINE - 1) continue;
    const code = missingFor([...before, ...after])?.[0];
    if (code === undefined || out.some((o) => o.code === code)) continue;
    const points = singleScore(grid, row, col, code);
    if (points !== null) out.push({ row, col, code, points });
  }
  return out;
}

/** Whether `code` suits the line crossing `axis` at the free cell (row, col). */
function fitsAcross(grid: Grid, row: number, col: number, axis: Axis, code: number): number | null {
  const cross = crossOf(axis);
  const line = [...grid.runFrom(row, col, cross, -1), code, ...grid.runFrom(row, col, cross, 1)];
  if (!validLine(line)) return null;
  return line.length >= 2 ? line.length + (line.length === MAX_LINE ? QWIRKLE_BONUS : 0) : 0;
}

/**
 * The best two-tile Qwirkle on the ends of the four-tile line that starts at (row, col) along `axis`:
 * both missing tiles go before it, after it, or one on each side, on free cells whose next cell is
 * empty (the line must not run into other tiles) and where each suits its crossing line.
 */
export function pairOpening(grid: Grid, row: number, col: number, axis: Axis, codes: readonly number[]): PairOpening | null {
  const missing = codes.length === MAX_LINE - 2 ? missingFor(codes) : null;
  const [m1, m2] = missing ?? [];
  if (m1 === undefined || m2 === undefined) return null;
  const cellAt = (i: number): [number, number] => [row + i * axis[0], col + i * axis[1]];
  const end = codes.length - 1;
  // Positions along the axis, relative to the line's first tile, and the cells that must stay empty.
  const layouts: { at: [number, number]; clear: number[] }[] = [
    { at: [-2, -1], clear: [-3] },
    { at: [-1, end + 1], clear: [-2, end + 2] },
    { at: [end + 1, end + 2], clear: [end + 3] },
  ];
  let best: PairOpening | null = null;
  for (const { at, clear } of layouts) {
    const [c1, c2] = at.map(cellAt) as [[number, number], [number, number]];
    if (!grid.free(...c1) || !grid.free(...c2)) continue;
    if (clear.some((i) => grid.at(...cellAt(i)) !== EMPTY)) continue;
    for (const [a, b] of [
      [m1, m2],
      [m2, m1],
    ] as const) {
      const crossA = fitsAcross(grid, c1[0], c1[1], axis, a);
      const crossB = fitsAcross(grid, c2[0], c2[1], axis, b);
      if (crossA === null || crossB === null) continue;
      const points = MAX_LINE + QWIRKLE_BONUS + crossA + crossB;
      if (best === null || points > best.points) best = { codes: [m1, m2], points };
    }
  }
  return best;
}
