import { cellKey, DIRECTIONS, indexBoard, inBounds, NEIGHBOURS, type BoardIndex, type Bounds, type Direction } from "./board";
import { lineError, MAX_LINE } from "./lines";
import { distinctTiles } from "./tiles";
import type { Placement, Tile } from "./types";

/**
 * Every legal placement move of `hand` on `board` (all subsets of the hand, in every order, on
 * every stretch of every row and column), each move once. Fast enough for bots: the search starts
 * only from empty cells touching the board and prunes on the line being built.
 *
 * On an empty board all positions score alike (a first move scores its length wherever it lies),
 * so only one position is listed: centred on a bounded board, from (0, 0) on an open one, each
 * line laid along a row and along a column.
 */
export function enumeratePlacements(
  board: readonly Placement[],
  hand: readonly Tile[],
  bounds: Bounds | null = null,
): Placement[][] {
  const tiles = distinctTiles(hand);
  if (tiles.length === 0) return [];
  if (board.length === 0) return firstMoves(tiles, bounds);
  return new Search(indexBoard(board), tiles, bounds).run();
}

/**
 * Whether `hand` has any legal placement. Checking single tiles is enough: in any legal move some
 * tile touches the board, and that tile alone lies on sub-runs of the move's lines, which are legal.
 */
export function canPlace(board: readonly Placement[], hand: readonly Tile[], bounds: Bounds | null = null): boolean {
  const tiles = distinctTiles(hand);
  if (tiles.length === 0) return false;
  if (board.length === 0) return true;
  const index = indexBoard(board);
  for (const [row, col] of anchors(index, bounds)) {
    for (const tile of tiles) {
      if (DIRECTIONS.every((dir) => lineError([...existingRun(index, row, col, dir), tile]) === null)) return true;
    }
  }
  return false;
}

/** Empty on-board cells touching a tile: every legal later move puts a tile on one of them. */
function anchors(index: BoardIndex, bounds: Bounds | null): [number, number][] {
  const seen = new Set<string>();
  const out: [number, number][] = [];
  for (const key of index.keys()) {
    const [row, col] = key.split(",").map(Number) as [number, number];
    for (const [dr, dc] of NEIGHBOURS) {
      const r = row + dr;
      const c = col + dc;
      const k = cellKey(r, c);
      if (seen.has(k) || index.has(k) || !inBounds(bounds, r, c)) continue;
      seen.add(k);
      out.push([r, c]);
    }
  }
  return out;
}

/** Existing tiles touching the empty cell (row, col) on both sides along `dir` (the cell itself excluded). */
function existingRun(index: BoardIndex, row: number, col: number, dir: Direction): Tile[] {
  return [...existingBefore(index, row, col, dir).reverse(), ...existingAfter(index, row, col, dir)];
}

/** Ordered sequences of 1..n distinct tiles that can form one line (one colour or one shape). */
function lineSequences(tiles: readonly Tile[]): Tile[][] {
  const out: Tile[][] = [];
  const seq: Tile[] = [];
  const used = new Set<number>();
  const grow = (): void => {
    for (let i = 0; i < tiles.length; i++) {
      const tile = tiles[i];
      if (tile === undefined || used.has(i) || lineError([...seq, tile]) !== null) continue;
      seq.push(tile);
      used.add(i);
      out.push(seq.slice());
      grow();
      seq.pop();
      used.delete(i);
    }
  };
  grow();
  return out;
}

/** First moves: each sequence along a row and (when longer than one) along a column, at one origin. */
function firstMoves(tiles: readonly Tile[], bounds: Bounds | null): Placement[][] {
  const moves: Placement[][] = [];
  for (const seq of lineSequences(tiles)) {
    const k = seq.length;
    for (const dir of DIRECTIONS) {
      if (k === 1 && dir.dRow === 1) continue; // a lone tile is the same move either way
      // Centre the line on a bounded board so it never meets an edge; any origin will do when open.
      const row = bounds === null ? 0 : dir.dRow === 1 ? Math.floor((bounds.rows - k) / 2) : Math.floor((bounds.rows - 1) / 2);
      const col = bounds === null ? 0 : dir.dCol === 1 ? Math.floor((bounds.cols - k) / 2) : Math.floor((bounds.cols - 1) / 2);
      moves.push(seq.map((t, i) => ({ row: row + i * dir.dRow, col: col + i * dir.dCol, shape: t.shape, color: t.color })));
    }
  }
  return moves;
}

/**
 * The search on a non-empty board. A move fills every empty cell of a stretch [a, b] of one row or
 * column, where a and b are empty and at least one filled cell is an anchor. Each stretch is tried
 * once; its cells are then filled by backtracking over hand tiles that suit the crossing line.
 */
class Search {
  private readonly crossCache = new Map<string, Tile[]>();
  private readonly moves: Placement[][] = [];

  constructor(
    private readonly index: BoardIndex,
    private readonly tiles: readonly Tile[],
    private readonly bounds: Bounds | null,
  ) {}

  run(): Placement[][] {
    const cells = anchors(this.index, this.bounds);
    const isAnchor = new Set(cells.map(([r, c]) => cellKey(r, c)));
    for (const [row, col] of cells) {
      for (const dir of DIRECTIONS) {
        for (let start = 0; start > -MAX_LINE; start--) {
          const a: [number, number] = [row + start * dir.dRow, col + start * dir.dCol];
          // Each stretch is tried from its first anchor only, so no stretch is tried twice.
          if (start < 0 && isAnchor.has(cellKey(a[0], a[1]))) break;
          for (let end = 0; end <= start + MAX_LINE - 1; end++) {
            // A one-cell stretch is the same move in both directions: try it along rows only.
            if (start === end && dir.dRow === 1) continue;
            this.tryStretch(a[0], a[1], end - start + 1, dir);
          }
        }
      }
    }
    return this.moves;
  }

  /** Fills the stretch of `length` cells from (row, col) along `dir`, if its shape allows a move. */
  private tryStretch(row: number, col: number, length: number, dir: Direction): void {
    const empties: [number, number][] = [];
    const old: Tile[] = [];
    for (let i = 0; i < length; i++) {
      const r = row + i * dir.dRow;
      const c = col + i * dir.dCol;
      if (!inBounds(this.bounds, r, c)) return;
      const tile = this.index.get(cellKey(r, c));
      if (tile === undefined) empties.push([r, c]);
      else if (i === 0 || i === length - 1) return; // both ends must be placed tiles
      else old.push(tile);
    }
    if (empties.length > this.tiles.length) return;
    // The whole line also takes the old tiles touching the stretch's ends.
    const lastR = row + (length - 1) * dir.dRow;
    const lastC = col + (length - 1) * dir.dCol;
    const outside = [...existingBefore(this.index, row, col, dir), ...existingAfter(this.index, lastR, lastC, dir)];
    if (length + outside.length > MAX_LINE) return;
    const line = [...old, ...outside];
    if (lineError(line) !== null) return;

    const options = empties.map(([r, c]) => this.crossFit(r, c, dir));
    const placed: Placement[] = [];
    const fill = (i: number): void => {
      const cell = empties[i];
      const fits = options[i];
      if (cell === undefined || fits === undefined) {
        this.moves.push(placed.slice());
        return;
      }
      for (const tile of fits) {
        line.push(tile);
        if (lineError(line) === null) {
          placed.push({ row: cell[0], col: cell[1], shape: tile.shape, color: tile.color });
          fill(i + 1);
          placed.pop();
        }
        line.pop();
      }
    };
    fill(0);
  }

  /** Hand tiles that may go on the empty cell (row, col) as far as the line crossing `dir` is concerned. */
  private crossFit(row: number, col: number, dir: Direction): Tile[] {
    const key = `${cellKey(row, col)}:${dir.dRow}`;
    const cached = this.crossCache.get(key);
    if (cached !== undefined) return cached;
    const cross = DIRECTIONS.find((d) => d !== dir) ?? dir;
    const run = existingRun(this.index, row, col, cross);
    const fits = this.tiles.filter((t) => lineError([...run, t]) === null);
    this.crossCache.set(key, fits);
    return fits;
  }
}

/** Old tiles just before (row, col) along `dir`, nearest last. */
function existingBefore(index: BoardIndex, row: number, col: number, dir: Direction): Tile[] {
  const out: Tile[] = [];
  for (let i = 1; ; i++) {
    const t = index.get(cellKey(row - i * dir.dRow, col - i * dir.dCol));
    if (t === undefined) return out;
    out.push(t);
  }
}

/** Old tiles just after (row, col) along `dir`. */
function existingAfter(index: BoardIndex, row: number, col: number, dir: Direction): Tile[] {
  const out: Tile[] = [];
  for (let i = 1; ; i++) {
    const t = index.get(cellKey(row + i * dir.dRow, col + i * dir.dCol));
    if (t === undefined) return out;
    out.push(t);
  }
}
