import { MAX_LINE } from "../lines";
import type { Placement, Tile } from "../types";
import { chanceOfAny } from "./chances";
import { AXES, cellOf, EMPTY, type Axis, type Grid } from "./grid";
import { tileCode, TILE_KINDS, type Knowledge } from "./knowledge";
import { openingsAt, pairOpening, type Opening } from "./openings";

/** How much the Qwirkles a move leaves on the board weigh, in expected points per point at stake. */
export interface OutlookWeights {
  readonly threat: number; // an opening an opponent may take before the bot plays again
  readonly own: number; // an opening the bot can take next turn (it holds, or may draw, the tile)
  readonly pairThreat: number; // a line of four whose two missing tiles an opponent may hold
  readonly baseline: number; // points of an ordinary move: taking a Qwirkle costs the move one would have made instead
}

interface Run {
  readonly row: number; // first cell
  readonly col: number;
  readonly axis: Axis;
  readonly codes: number[];
}

/** The maximal run through the occupied cell (row, col) along `axis`. */
function runThrough(grid: Grid, row: number, col: number, axis: Axis): Run {
  let r = row;
  let c = col;
  while (grid.at(r - axis[0], c - axis[1]) !== EMPTY) {
    r -= axis[0];
    c -= axis[1];
  }
  const codes: number[] = [];
  for (let i = 0; i <= MAX_LINE; i++) {
    const code = grid.at(r + i * axis[0], c + i * axis[1]);
    if (code === EMPTY) break;
    codes.push(code);
  }
  return { row: r, col: c, axis, codes };
}

/** Empty cells next to the board's tiles: every opening lies on one. */
function frontier(grid: Grid, board: readonly Placement[]): [number, number][] {
  const seen = new Set<number>();
  const out: [number, number][] = [];
  for (const p of board) {
    for (const [dr, dc] of [[-1, 0], [1, 0], [0, -1], [0, 1]] as const) {
      const r = p.row + dr;
      const c = p.col + dc;
      if (seen.has(cellOf(r, c)) || !grid.free(r, c)) continue;
      seen.add(cellOf(r, c));
      out.push([r, c]);
    }
  }
  return out;
}

/**
 * The Qwirkle chances around a position, from the bot's point of view: who is likely to finish which
 * line of six next. The seed's tip "avoid leaving a line of five" is the threat term: a move that
 * makes a five whose missing tile is still unseen hands an opponent a Qwirkle with the chance that
 * they hold it. The openings of the current board are found once; each move only rescans the cells
 * it changes.
 */
export class Outlook {
  private readonly openings: readonly Opening[];
  private readonly opponentOdds: number[];

  constructor(
    private readonly k: Knowledge,
    private readonly grid: Grid,
    private readonly weights: OutlookWeights,
  ) {
    this.openings = frontier(grid, k.board).flatMap(([r, c]) => openingsAt(grid, r, c));
    this.opponentOdds = Array.from({ length: TILE_KINDS }, (_, code) =>
      chanceOfAny(k.unseen[code] ?? 0, k.unseenTotal, k.otherHandTiles),
    );
  }

  /** Expected Qwirkle points for the bot minus those for its opponents after `placements`, keeping `leave`. */
  after(placements: readonly Placement[], leave: readonly Tile[]): number {
    const after = this.grid.with(placements);
    const held = new Set(leave.map(tileCode));
    const draws = Math.min(placements.length, this.k.bagCount);
    const runs = this.runsThrough(after, placements);
    let value = 0;
    for (const o of this.openingsOn(after, placements, runs)) value += this.worth(o, held, draws);
    return value + this.pairDelta(after, runs, held);
  }

  /** The one-tile Qwirkle openings on the board once `placements` are played. */
  openingsAfter(placements: readonly Placement[]): Opening[] {
    const after = this.grid.with(placements);
    return this.openingsOn(after, placements, this.runsThrough(after, placements));
  }

  /** What an opening is worth to whoever takes it, beyond the ordinary move they would make instead. */
  gain(o: Opening): number {
    return Math.max(0, o.points - this.weights.baseline);
  }

  /** The chance that an opponent holds a tile before the bot plays again. */
  opponentChance(code: number): number {
    return this.opponentOdds[code] ?? 0;
  }

  /** The current openings away from the move, plus those on the cells the move changed. */
  private openingsOn(after: Grid, placements: readonly Placement[], runs: readonly Run[]): Opening[] {
    const changed = new Map<number, [number, number]>();
    const mark = (row: number, col: number): void => void changed.set(cellOf(row, col), [row, col]);
    for (const p of placements) mark(p.row, p.col);
    for (const run of runs) {
      mark(run.row - run.axis[0], run.col - run.axis[1]);
      mark(run.row + run.codes.length * run.axis[0], run.col + run.codes.length * run.axis[1]);
    }
    const out = this.openings.filter((o) => !changed.has(cellOf(o.row, o.col)));
    for (const [row, col] of changed.values()) out.push(...openingsAt(after, row, col));
    return out;
  }

  /** The same measure when the board does not change (an exchange keeping `kept`). */
  unchanged(kept: readonly Tile[], draws: number): number {
    const held = new Set(kept.map(tileCode));
    let value = 0;
    for (const o of this.openings) value += this.worth(o, held, draws);
    return value;
  }

  private worth(o: Opening, held: ReadonlySet<number>, draws: number): number {
    const theirs = this.opponentOdds[o.code] ?? 0;
    const mine = held.has(o.code) ? 1 : chanceOfAny(this.k.unseen[o.code] ?? 0, this.k.unseenTotal, draws);
    return this.gain(o) * (this.weights.own * mine * (1 - theirs) - this.weights.threat * theirs);
  }

  /** Runs of two or more through the placed tiles, each once. */
  private runsThrough(after: Grid, placements: readonly Placement[]): Run[] {
    const seen = new Set<string>();
    const out: Run[] = [];
    for (const p of placements) {
      for (const axis of AXES) {
        const run = runThrough(after, p.row, p.col, axis);
        const key = `${run.row},${run.col},${axis[0]}`;
        if (run.codes.length < 2 || seen.has(key)) continue;
        seen.add(key);
        out.push(run);
      }
    }
    return out;
  }

  /**
   * Change in two-tile Qwirkle chances: fours the move makes, minus the fours it grew or joined
   * (the old stretches of tiles between the new ones).
   */
  private pairDelta(after: Grid, runs: readonly Run[], held: ReadonlySet<number>): number {
    let value = 0;
    for (const run of runs) {
      value += this.pairWorth(after, run, held);
      let start = -1;
      for (let i = 0; i <= run.codes.length; i++) {
        const old = i < run.codes.length && this.grid.at(run.row + i * run.axis[0], run.col + i * run.axis[1]) !== EMPTY;
        if (old && start < 0) start = i;
        if (!old && start >= 0) {
          const segment: Run = { row: run.row + start * run.axis[0], col: run.col + start * run.axis[1], axis: run.axis, codes: run.codes.slice(start, i) };
          value -= this.pairWorth(this.grid, segment, held);
          start = -1;
        }
      }
    }
    return value;
  }

  private pairWorth(grid: Grid, run: Run, held: ReadonlySet<number>): number {
    if (run.codes.length !== MAX_LINE - 2) return 0;
    const pair = pairOpening(grid, run.row, run.col, run.axis, run.codes);
    if (pair === null) return 0;
    const [a, b] = pair.codes;
    const theirs = (this.opponentOdds[a] ?? 0) * (this.opponentOdds[b] ?? 0);
    const mine = held.has(a) && held.has(b) ? 1 - theirs : 0;
    const gain = Math.max(0, pair.points - this.weights.baseline);
    return gain * (this.weights.own * mine - this.weights.pairThreat * theirs);
  }
}
