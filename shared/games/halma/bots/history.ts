// Repetition memory: the bots rebuild the recent positions from the public move log (walking it
// backwards from the board they see) so they can refuse to make the same position a third time.
import type { PublicMoveSummary, Seat } from "../../../engine/types";
import { EMPTY, indexOf, SIZE } from "../board";
import type { BotBoard, BotMove } from "./board";

/** How far back the log is read: loops are short, and the server keeps only a tail anyway. */
const WINDOW = 240;

/** Fixed random words per (seat, cell) for Zobrist hashing (xorshift32, deterministic). */
const ZOBRIST = (() => {
  const table = new Int32Array(4 * SIZE * SIZE * 2);
  let x = 0x9e3779b9 | 0;
  for (let i = 0; i < table.length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    table[i] = x;
  }
  return table;
})();

function word(seat: Seat, cell: number, half: 0 | 1): number {
  return ZOBRIST[((seat * SIZE * SIZE + cell) << 1) | half] ?? 0;
}

/** A position's hash: two 32-bit Zobrist words folded into one safe integer. */
export interface PositionHash {
  readonly a: number;
  readonly b: number;
}

export function hashOf(grid: ArrayLike<number>): PositionHash {
  let a = 0;
  let b = 0;
  for (let i = 0; i < grid.length; i++) {
    const seat = grid[i] ?? EMPTY;
    if (seat === EMPTY) continue;
    a ^= word(seat, i, 0);
    b ^= word(seat, i, 1);
  }
  return { a, b };
}

/** The hash after `seat` plays `move` on the hashed position. */
export function hashAfter(h: PositionHash, seat: Seat, move: Pick<BotMove, "from" | "to">): PositionHash {
  return { a: h.a ^ word(seat, move.from, 0) ^ word(seat, move.to, 0), b: h.b ^ word(seat, move.from, 1) ^ word(seat, move.to, 1) };
}

export function keyOf(h: PositionHash): number {
  return (h.a >>> 0) * 2 ** 21 + (h.b >>> 11);
}

interface LoggedMove {
  readonly seat: Seat;
  readonly from: number;
  readonly to: number;
}

/** A summary's seat and end points, or null for anything that is not a well-formed Halma move. */
function loggedMove(summary: PublicMoveSummary): LoggedMove | null {
  if (!("seat" in summary) || !("path" in summary)) return null;
  const { seat, path } = summary;
  if (typeof seat !== "number" || !Array.isArray(path) || path.length < 2) return null;
  const ends = [path[0], path[path.length - 1]] as unknown[];
  const cells = ends.map((c) =>
    typeof c === "object" && c !== null && "row" in c && "col" in c && typeof c.row === "number" && typeof c.col === "number" ? indexOf({ row: c.row, col: c.col }) : null,
  );
  const [from, to] = cells;
  return from === null || to === null || from === undefined || to === undefined ? null : { seat, from, to };
}

/**
 * How many times each position arose right after one of `seat`'s own moves, over the recent log.
 * Walks back from the current board; stops early if the log does not match it (a truncated or
 * foreign log), so at worst the memory is shorter, never wrong about the present.
 */
export function positionsAfterOwnMoves(board: BotBoard, history: readonly PublicMoveSummary[], seat: Seat): Map<number, number> {
  const grid = Int8Array.from(board.grid);
  let h = hashOf(grid);
  const counts = new Map<number, number>();
  for (let i = history.length - 1; i >= Math.max(0, history.length - WINDOW); i--) {
    const entry = history[i];
    const move = entry === undefined ? null : loggedMove(entry);
    if (move === null || grid[move.to] !== move.seat || grid[move.from] !== EMPTY) break;
    if (move.seat === seat) counts.set(keyOf(h), (counts.get(keyOf(h)) ?? 0) + 1);
    grid[move.to] = EMPTY;
    grid[move.from] = move.seat;
    h = hashAfter(h, move.seat, { from: move.to, to: move.from });
  }
  return counts;
}

/**
 * The moves that would not make a position for the third time; all of `moves` if every one would
 * (a repeat is legal, only avoided).
 */
export function withoutThirdRepeats<M extends Pick<BotMove, "from" | "to">>(moves: readonly M[], board: BotBoard, history: readonly PublicMoveSummary[], seat: Seat): M[] {
  const counts = positionsAfterOwnMoves(board, history, seat);
  if (counts.size === 0) return moves.slice();
  const h = hashOf(board.grid);
  const fresh = moves.filter((m) => (counts.get(keyOf(hashAfter(h, seat, m))) ?? 0) < 2);
  return fresh.length > 0 ? fresh : moves.slice();
}
