import * as lines from "../lines";
import * as sim from "./simboard";
import type { SimBoard } from "./simboard";

// Module-local copies of the imported constants: the TypeScript runners (tsx, vitest) turn every use
// of an imported binding into a getter call, which costs a third of this hot loop's time.
const MAX_LINE = lines.MAX_LINE;
const QWIRKLE_BONUS = lines.QWIRKLE_BONUS;
const END_BONUS = lines.END_BONUS;
const EMPTY = sim.EMPTY;
const OFF = sim.OFF;
const COLOR_BIT = sim.COLOR_BIT;
const SHAPE_BIT = sim.SHAPE_BIT;
const lineOk = sim.lineOk;

/** The best placement found: its points and where each tile goes (array indices of the SimBoard). */
export interface BestMove {
  readonly points: number;
  readonly cells: readonly number[];
  readonly codes: readonly number[];
}

/** Points of a line of `length` tiles that holds a new tile: its length, plus the Qwirkle bonus at six. */
function linePoints(length: number): number {
  return length < 2 ? 0 : length + (length === MAX_LINE ? QWIRKLE_BONUS : 0);
}

/**
 * Scratch arrays shared by every search (a bot runs one search at a time), so a lookahead's hundreds
 * of searches per turn allocate nothing. A cell's cached facts are valid while its stamp equals the
 * current search's stamp.
 */
const scratch = {
  size: 0,
  stamp: 0,
  seen: [new Int32Array(0), new Int32Array(0)], // per axis: stamp when fits/points were computed
  fits: [new Int32Array(0), new Int32Array(0)], // per axis: bits of the hand tiles the crossing line accepts
  points: [new Int32Array(0), new Int32Array(0)], // per axis: what the crossing line scores with a tile added
  anchor: new Int32Array(0), // stamp when the cell was found to be an anchor
};

function prepareScratch(size: number): number {
  if (scratch.size < size || scratch.stamp > 2 ** 30) {
    scratch.size = size;
    scratch.stamp = 0;
    scratch.seen = [new Int32Array(size), new Int32Array(size)];
    scratch.fits = [new Int32Array(size), new Int32Array(size)];
    scratch.points = [new Int32Array(size), new Int32Array(size)];
    scratch.anchor = new Int32Array(size);
  }
  return ++scratch.stamp;
}

/**
 * The highest-scoring placement of `hand` (tile codes) on a non-empty board, or null when no tile
 * fits: what a greedy player would do. It tries the same stretches as enumeratePlacements (each from
 * its first anchor), but grows each stretch cell by cell on typed arrays with colour/shape bit masks,
 * stops as soon as a cell can take no hand tile, and keeps only the best move, so a lookahead can
 * afford hundreds of calls per turn. `goingOut` adds the end bonus to moves that use the whole hand
 * (the caller knows whether the bag will be empty). Ties keep the first move found.
 */
export function bestMove(board: SimBoard, hand: readonly number[], goingOut: boolean): BestMove | null {
  return new Search(board, hand, goingOut).run();
}

class Search {
  private readonly cells: Int8Array;
  private readonly width: number;
  private readonly codes: number[]; // distinct hand tiles: a move never plays two identical tiles
  private readonly stamp: number;
  private best: BestMove | null = null;
  // The stretch being filled: its empty cells and the tiles put on them so far (fixed arrays, as
  // resizing plain arrays showed up in profiles).
  private readonly empties = new Int32Array(MAX_LINE);
  private emptyCount = 0;
  private readonly placed = new Int32Array(MAX_LINE);

  constructor(
    private readonly board: SimBoard,
    private readonly hand: readonly number[],
    private readonly goingOut: boolean,
  ) {
    this.cells = board.cells;
    this.width = board.width;
    this.codes = [...new Set(hand)];
    this.stamp = prepareScratch(board.cells.length);
  }

  run(): BestMove | null {
    if (this.codes.length === 0) return null;
    const anchor = scratch.anchor;
    const anchors: number[] = [];
    const w = this.width;
    for (const t of this.board.tiles) {
      for (let k = 0; k < 4; k++) {
        const a = k === 0 ? t - 1 : k === 1 ? t + 1 : k === 2 ? t - w : t + w;
        if (this.cells[a] === EMPTY && anchor[a] !== this.stamp) {
          anchor[a] = this.stamp;
          anchors.push(a);
        }
      }
    }
    for (const a of anchors) {
      for (let axis = 0; axis < 2; axis++) {
        if (this.fits(a, axis) === 0) continue;
        const step = axis === 0 ? 1 : this.width;
        for (let start = 0; start > -MAX_LINE; start--) {
          const first = a + start * step;
          // Each stretch is tried from its first anchor only, as in enumeratePlacements.
          if (start < 0 && anchor[first] === this.stamp) break;
          const v = this.cells[first] ?? OFF;
          if (v === OFF) break;
          if (v !== EMPTY) continue; // a stretch starts on an empty cell: try further back
          // Every stretch from further back holds this cell too, so a cell nothing fits ends the search.
          if (this.fits(first, axis) === 0) break;
          this.grow(first, start, axis, step);
        }
      }
    }
    return this.best;
  }

  /** Tries every stretch that starts on `first` (offset `start` from the anchor) and reaches the anchor. */
  private grow(first: number, start: number, axis: number, step: number): void {
    let before = 0; // old tiles touching the stretch's first cell, which join the line
    let colors = 0;
    let shapes = 0;
    for (let at = first - step; (this.cells[at] ?? OFF) >= 0; at -= step) {
      const v = this.cells[at] ?? 0;
      colors |= COLOR_BIT[v] ?? 0;
      shapes |= SHAPE_BIT[v] ?? 0;
      before++;
    }
    if (before > 0 && !lineOk(colors, shapes, before)) return;
    this.emptyCount = 0;
    let count = before;
    for (let offset = start, at = first; offset < start + MAX_LINE; offset++, at += step) {
      const v = this.cells[at] ?? OFF;
      if (v === OFF) return;
      if (v === EMPTY) {
        if (this.fits(at, axis) === 0 || this.emptyCount === this.codes.length) return;
        this.empties[this.emptyCount++] = at;
      } else {
        colors |= COLOR_BIT[v] ?? 0;
        shapes |= SHAPE_BIT[v] ?? 0;
        count++;
        if (!lineOk(colors, shapes, count)) return;
        continue; // a stretch ends on an empty cell
      }
      if (offset < 0 || (offset === start && axis === 1)) continue; // must reach the anchor; lone tiles go along rows
      this.close(at, step, colors, shapes, count);
    }
  }

  /** The stretch ends at `last`: add the old tiles after it, then fill its empty cells. */
  private close(last: number, step: number, colors: number, shapes: number, count: number): void {
    for (let at = last + step; (this.cells[at] ?? OFF) >= 0; at += step) {
      const v = this.cells[at] ?? 0;
      colors |= COLOR_BIT[v] ?? 0;
      shapes |= SHAPE_BIT[v] ?? 0;
      count++;
    }
    const length = count + this.emptyCount;
    if (length > MAX_LINE || (count > 0 && !lineOk(colors, shapes, count))) return;
    const axis = step === 1 ? 0 : 1;
    // What the stretch would score if every crossing line took a tile: no better than the best so far, skip it.
    const cross = scratch.points[axis];
    let bound = linePoints(length) + (this.goingOut && this.emptyCount === this.hand.length ? END_BONUS : 0);
    for (let i = 0; i < this.emptyCount; i++) bound += cross?.[this.empties[i] ?? 0] ?? 0;
    if (this.best !== null && bound <= this.best.points) return;
    this.fill(0, colors, shapes, count, axis, linePoints(length), 0);
  }

  /** Places hand tiles on empties[i..] by backtracking; `points` so far counts the main line. */
  private fill(i: number, colors: number, shapes: number, count: number, axis: number, points: number, used: number): void {
    if (i === this.emptyCount) {
      const total = points + (this.goingOut && i === this.hand.length ? END_BONUS : 0);
      if (this.best === null || total > this.best.points) {
        this.best = { points: total, cells: Array.from(this.empties.subarray(0, i)), codes: Array.from(this.placed.subarray(0, i)) };
      }
      return;
    }
    const cell = this.empties[i] ?? 0;
    const fits = this.fits(cell, axis) & ~used;
    const cross = scratch.points[axis]?.[cell] ?? 0;
    for (let h = 0; h < this.codes.length; h++) {
      if (((fits >> h) & 1) === 0) continue;
      const code = this.codes[h] ?? 0;
      const cb = COLOR_BIT[code] ?? 0;
      const sb = SHAPE_BIT[code] ?? 0;
      if (!lineOk(colors | cb, shapes | sb, count + 1)) continue;
      this.placed[i] = code;
      this.fill(i + 1, colors | cb, shapes | sb, count + 1, axis, points + cross, used | (1 << h));
    }
  }

  /** Bits of the hand tiles that the line crossing `axis` at the empty cell accepts (cached per search). */
  private fits(cell: number, axis: number): number {
    const seen = scratch.seen[axis];
    const fits = scratch.fits[axis];
    const points = scratch.points[axis];
    if (seen === undefined || fits === undefined || points === undefined) return 0;
    if (seen[cell] === this.stamp) return fits[cell] ?? 0;
    const step = axis === 0 ? this.width : 1;
    let colors = 0;
    let shapes = 0;
    let count = 0;
    for (let at = cell - step; (this.cells[at] ?? OFF) >= 0; at -= step) {
      const v = this.cells[at] ?? 0;
      colors |= COLOR_BIT[v] ?? 0;
      shapes |= SHAPE_BIT[v] ?? 0;
      count++;
    }
    for (let at = cell + step; (this.cells[at] ?? OFF) >= 0; at += step) {
      const v = this.cells[at] ?? 0;
      colors |= COLOR_BIT[v] ?? 0;
      shapes |= SHAPE_BIT[v] ?? 0;
      count++;
    }
    let bits = 0;
    for (let h = 0; h < this.codes.length; h++) {
      const code = this.codes[h] ?? 0;
      if (count === 0 || lineOk(colors | (COLOR_BIT[code] ?? 0), shapes | (SHAPE_BIT[code] ?? 0), count + 1)) bits |= 1 << h;
    }
    seen[cell] = this.stamp;
    fits[cell] = bits;
    points[cell] = count > 0 ? linePoints(count + 1) : 0;
    return bits;
  }
}
