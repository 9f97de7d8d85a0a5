import type { Bounds } from "../board";
import { MAX_LINE } from "../lines";
import { COLORS, type Placement } from "../types";
import { tileCode } from "./knowledge";
import { EMPTY } from "./simboard";

export { EMPTY };

/**
 * A cell as one number, so the bots' inner loops do no string building. Coordinates stay far inside
 * ±32768 (the wire caps them at ±10,000), so the key is exact.
 */
export function cellOf(row: number, col: number): number {
  return (row + 32768) * 65536 + (col + 32768);
}

/** The two line directions as [dRow, dCol]: along a row, along a column. */
export const AXES = [
  [0, 1],
  [1, 0],
] as const;
export type Axis = (typeof AXES)[number];

/** The other direction: a tile's crossing line. */
export function crossOf(axis: Axis): Axis {
  return axis === AXES[0] ? AXES[1] : AXES[0];
}

/**
 * A board of tile codes that a bot can read and extend with a hypothetical move without copying
 * (the move's few cells are checked first): the static judgement looks at every "board after this
 * move" once, so sharing beats copying. The lookahead, which plays several moves on each board and
 * searches them many times, uses the mutable typed-array SimBoard instead.
 */
export class Grid {
  private constructor(
    private readonly cells: ReadonlyMap<number, number>,
    readonly bounds: Bounds | null,
    private readonly extraCells: readonly number[],
    private readonly extraCodes: readonly number[],
  ) {}

  static of(board: readonly Placement[], bounds: Bounds | null): Grid {
    const cells = new Map<number, number>();
    for (const p of board) cells.set(cellOf(p.row, p.col), tileCode(p));
    return new Grid(cells, bounds, [], []);
  }

  /** This board with `placements` added (they must be on empty cells). */
  with(placements: readonly Placement[]): Grid {
    return new Grid(
      this.cells,
      this.bounds,
      [...this.extraCells, ...placements.map((p) => cellOf(p.row, p.col))],
      [...this.extraCodes, ...placements.map(tileCode)],
    );
  }

  /** The tile code on a cell, or EMPTY. */
  at(row: number, col: number): number {
    const key = cellOf(row, col);
    for (let i = 0; i < this.extraCells.length; i++) if (this.extraCells[i] === key) return this.extraCodes[i] ?? EMPTY;
    return this.cells.get(key) ?? EMPTY;
  }

  onBoard(row: number, col: number): boolean {
    const b = this.bounds;
    return b === null || (row >= 0 && row < b.rows && col >= 0 && col < b.cols);
  }

  /** A free cell a tile could go on (empty and on the board). */
  free(row: number, col: number): boolean {
    return this.onBoard(row, col) && this.at(row, col) === EMPTY;
  }

  /** Codes of the tiles touching (row, col) going `sign` along `axis`, nearest first. */
  runFrom(row: number, col: number, axis: Axis, sign: 1 | -1): number[] {
    const out: number[] = [];
    for (let i = 1; i <= MAX_LINE + 1; i++) {
      const code = this.at(row + sign * i * axis[0], col + sign * i * axis[1]);
      if (code === EMPTY) break;
      out.push(code);
    }
    return out;
  }
}

const shapeOf = (code: number): number => Math.floor(code / COLORS.length);
const colorOf = (code: number): number => code % COLORS.length;

/** Whether tile codes can form one line: at most six, one colour or one shape, no repeats. */
export function validLine(codes: readonly number[]): boolean {
  if (codes.length > MAX_LINE) return false;
  const first = codes[0];
  if (first === undefined) return true;
  let oneColor = true;
  let oneShape = true;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i] ?? first;
    if (colorOf(code) !== colorOf(first)) oneColor = false;
    if (shapeOf(code) !== shapeOf(first)) oneShape = false;
    for (let j = i + 1; j < codes.length; j++) if (codes[j] === code) return false;
  }
  return oneColor || oneShape;
}

/**
 * The tiles that would complete a legal line of `codes` into a full six (a Qwirkle), or null when
 * the line is illegal or has fewer than two tiles (one tile does not tell which trait it shares).
 */
export function missingFor(codes: readonly number[]): number[] | null {
  const first = codes[0];
  const second = codes[1];
  if (first === undefined || second === undefined || !validLine(codes)) return null;
  const byColor = colorOf(first) === colorOf(second);
  const present = new Set(codes.map(byColor ? shapeOf : colorOf));
  const out: number[] = [];
  for (let other = 0; other < COLORS.length; other++) {
    if (present.has(other)) continue;
    out.push(byColor ? other * COLORS.length + colorOf(first) : shapeOf(first) * COLORS.length + other);
  }
  return out;
}
