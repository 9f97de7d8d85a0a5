import { cellKey, DIRECTIONS, indexBoard, NEIGHBOURS, runThrough, type BoardIndex, type CellLookup } from "./board";
import { lineError, MAX_LINE, QWIRKLE_BONUS } from "./lines";
import type { Placement, QwirkleError, Tile } from "./types";

/** The rule errors a placement can have on its own, before turn, hand, bag and board-edge checks. */
export type PlacementError = Exclude<
  QwirkleError,
  "NOT_YOUR_TURN" | "GAME_OVER" | "TILE_NOT_IN_HAND" | "OUT_OF_BOARD" | "BAG_TOO_SMALL" | "CANNOT_PASS"
>;

/** One scored line: its cells in board order (old and new tiles), and whether it is a Qwirkle (six long). */
export interface ScoredLine {
  readonly cells: readonly Placement[];
  readonly qwirkle: boolean;
}

export type ScoreResult =
  | { readonly ok: true; readonly points: number; readonly lines: readonly ScoredLine[] }
  | { readonly ok: false; readonly error: PlacementError };

/**
 * Validates a placement against a board and scores it. Both are plain cell lists with any integer
 * coordinates (no board edge: `apply` checks that). An empty board accepts a first placement anywhere.
 *
 * `points` = the length of every line of two or more tiles that holds a new tile (each line once),
 * plus 6 per Qwirkle; a lone first tile that forms no line scores 1. `lines` lists the scored lines.
 * The end-of-game bonus is not included: it depends on the bag, which only `apply` knows.
 */
export function scorePlacement(board: readonly Placement[], placements: readonly Placement[]): ScoreResult {
  return scoreOnIndex(indexBoard(board), placements);
}

/** `scorePlacement` on an already indexed board, so callers that score many moves index once. */
export function scoreOnIndex(index: BoardIndex, placements: readonly Placement[]): ScoreResult {
  const shapeError = checkShape(index, placements);
  if (shapeError !== null) return { ok: false, error: shapeError };

  const added = new Map<string, Tile>();
  for (const p of placements) added.set(cellKey(p.row, p.col), p);
  const at: CellLookup = (row, col) => {
    const key = cellKey(row, col);
    return added.get(key) ?? index.get(key);
  };

  const lines = linesOf(at, placements);
  // Report a too-long line before any other: a run of seven is also mixed or repeated.
  if (lines.some((line) => line.length > MAX_LINE)) return { ok: false, error: "LINE_TOO_LONG" };
  for (const line of lines) {
    const error = lineError(line);
    if (error !== null) return { ok: false, error };
  }

  const scored = lines.map((cells) => ({ cells, qwirkle: cells.length === MAX_LINE }));
  let points = 0;
  for (const line of scored) points += line.cells.length + (line.qwirkle ? QWIRKLE_BONUS : 0);
  // Only the very first tile of a game can stand alone (later ones must touch the board).
  if (scored.length === 0) points = 1;
  return { ok: true, points, lines: scored };
}

/** Count, cells, one row or column, no gaps, and contact with the board: everything but the lines' contents. */
function checkShape(index: BoardIndex, placements: readonly Placement[]): PlacementError | null {
  const first = placements[0];
  if (first === undefined) return "EMPTY_MOVE";
  if (placements.length > MAX_LINE) return "TOO_MANY_TILES";

  const cells = new Set<string>();
  for (const p of placements) {
    const key = cellKey(p.row, p.col);
    if (cells.has(key)) return "DUPLICATE_CELL";
    if (index.has(key)) return "CELL_OCCUPIED";
    cells.add(key);
  }

  const oneRow = placements.every((p) => p.row === first.row);
  const oneCol = placements.every((p) => p.col === first.col);
  if (!oneRow && !oneCol) return "NOT_IN_ONE_LINE";

  // Between the first and last placed tile every cell must hold a new or an existing tile.
  const along = oneRow ? placements.map((p) => p.col) : placements.map((p) => p.row);
  const from = Math.min(...along);
  const to = Math.max(...along);
  for (let i = from; i <= to; i++) {
    const key = oneRow ? cellKey(first.row, i) : cellKey(i, first.col);
    if (!cells.has(key) && !index.has(key)) return "GAP_IN_LINE";
  }

  if (index.size > 0) {
    const touches = placements.some((p) =>
      NEIGHBOURS.some(([dr, dc]) => index.has(cellKey(p.row + dr, p.col + dc))),
    );
    if (!touches) return "NOT_CONNECTED";
  }
  return null;
}

/**
 * Every run of two or more tiles holding a new tile, each once: the run along the placement
 * plus one crossing run per new tile. A lone tile has no "along", so both of its runs count.
 */
function linesOf(at: CellLookup, placements: readonly Placement[]): Placement[][] {
  const lines: Placement[][] = [];
  const seen = new Set<string>();
  const add = (run: Placement[]): void => {
    const head = run[0];
    if (head === undefined || run.length < 2) return;
    // Two runs are the same line when they start on the same cell in the same direction.
    const key = `${cellKey(head.row, head.col)}:${run[1]?.row === head.row ? "h" : "v"}`;
    if (seen.has(key)) return;
    seen.add(key);
    lines.push(run);
  };
  for (const p of placements) {
    for (const dir of DIRECTIONS) add(runThrough(at, p.row, p.col, dir));
  }
  return lines;
}
