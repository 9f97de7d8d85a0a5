import type { Bounds } from "../board";
import * as lines from "../lines";
import { COLORS, type Placement } from "../types";
import { tileCode } from "./knowledge";

// A module-local copy: the TypeScript runners turn each use of an imported binding into a getter
// call, and lineOk runs in the lookahead's innermost loop.
const MAX_LINE = lines.MAX_LINE;

/** Cell contents besides a tile code (0..35). */
export const EMPTY = -1;
export const OFF = -2; // outside the board: no tile may go there

/** Playable cells kept around the tiles of an open board: room for the few moves a lookahead plays. */
const OPEN_MARGIN = 24;
/** A ring of OFF cells around the playable area, so walks of up to seven cells never leave the array. */
const RING = MAX_LINE + 1;

/**
 * A mutable board of tile codes in a flat Int8Array, for the lookahead's simulated moves: a bot plays
 * thousands of them per turn, so cells are array indices (`index ± 1` along a row, `± width` along
 * a column) rather than string keys.
 */
export class SimBoard {
  private constructor(
    readonly width: number,
    private readonly rowOrigin: number, // board row of array row 0
    private readonly colOrigin: number,
    readonly cells: Int8Array,
    readonly tiles: number[], // indices of occupied cells, in play order
  ) {}

  static of(board: readonly Placement[], bounds: Bounds | null): SimBoard {
    let top = 0;
    let left = 0;
    let rows: number;
    let cols: number;
    if (bounds !== null) {
      rows = bounds.rows;
      cols = bounds.cols;
    } else {
      // An empty open board gets its first move at (0, 0) (see enumeratePlacements): keep room around it.
      const rs = board.length > 0 ? board.map((p) => p.row) : [0];
      const cs = board.length > 0 ? board.map((p) => p.col) : [0];
      top = Math.min(...rs) - OPEN_MARGIN;
      left = Math.min(...cs) - OPEN_MARGIN;
      rows = Math.max(...rs) + OPEN_MARGIN - top + 1;
      cols = Math.max(...cs) + OPEN_MARGIN - left + 1;
    }
    const width = cols + 2 * RING;
    const cells = new Int8Array(width * (rows + 2 * RING)).fill(OFF);
    for (let r = 0; r < rows; r++) cells.fill(EMPTY, (r + RING) * width + RING, (r + RING) * width + RING + cols);
    const sim = new SimBoard(width, top - RING, left - RING, cells, []);
    for (const p of board) sim.put(sim.indexOf(p.row, p.col), tileCode(p));
    return sim;
  }

  /** The array index of a board cell (any cell of the playable area). */
  indexOf(row: number, col: number): number {
    return (row - this.rowOrigin) * this.width + (col - this.colOrigin);
  }

  /** The board cell of an array index. */
  cellAt(index: number): { row: number; col: number } {
    return { row: Math.floor(index / this.width) + this.rowOrigin, col: (index % this.width) + this.colOrigin };
  }

  put(index: number, code: number): void {
    this.cells[index] = code;
    this.tiles.push(index);
  }

  clone(): SimBoard {
    return new SimBoard(this.width, this.rowOrigin, this.colOrigin, this.cells.slice(), this.tiles.slice());
  }
}

/** Bits of a tile's colour and shape, for O(1) line checks on masks. */
export const COLOR_BIT: readonly number[] = Array.from({ length: 36 }, (_, code) => 1 << code % COLORS.length);
export const SHAPE_BIT: readonly number[] = Array.from({ length: 36 }, (_, code) => 1 << Math.floor(code / COLORS.length));
const POPCOUNT: readonly number[] = Array.from({ length: 64 }, (_, m) => (m.toString(2).match(/1/gu) ?? []).length);

/**
 * Whether a line whose tiles have these colour and shape masks and count is legal: one colour with
 * all shapes different, or one shape with all colours different (which also rules out repeats).
 */
export function lineOk(colors: number, shapes: number, count: number): boolean {
  if (count > MAX_LINE) return false;
  const c = POPCOUNT[colors] ?? 0;
  const s = POPCOUNT[shapes] ?? 0;
  return (c === 1 && s === count) || (s === 1 && c === count);
}
