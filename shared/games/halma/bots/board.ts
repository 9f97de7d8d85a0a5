// The bots' working board, rebuilt from the public view only: a flat grid, every seat's pieces as
// indices, and per-seat cost tables measuring how far each cell is from that seat's goal corner.
import type { Seat } from "../../../engine/types";
import { EMPTY, gridOf, indexOf, SIZE } from "../board";
import { goalCorner } from "../camps";
import { reachOnGrid } from "../reach";
import { hasWon } from "../rules";
import type { HalmaView, PlayerCount } from "../types";

export interface BotBoard {
  readonly players: PlayerCount;
  readonly grid: Int8Array; // EMPTY or seat, mutated in place by `play` / `undo` during search
  readonly pieces: number[][]; // per seat, flat indices, kept in step with the grid
}

/** A move as bots handle it: one piece from a cell to a cell, scored by the change in its cost. */
export interface BotMove {
  readonly piece: number; // index into pieces[seat]
  readonly from: number;
  readonly to: number;
  readonly gain: number; // cost(from) - cost(to): positive is progress
}

export function boardOf(view: HalmaView): BotBoard {
  return {
    players: view.players,
    grid: gridOf(view.pieces),
    pieces: view.pieces.map((cells) => cells.map((c) => indexOf(c))),
  };
}

/**
 * How far a cell is from a seat's goal corner along both axes (u + v, so a diagonal step gains 2).
 * Jumps move 2 along an axis, so this is the "forward distance" a greedy player counts.
 */
export function forwardTable(players: PlayerCount, seat: Seat): Float64Array {
  const corner = goalCorner(players, seat);
  const table = new Float64Array(SIZE * SIZE);
  for (let i = 0; i < table.length; i++) {
    table[i] = Math.abs(Math.floor(i / SIZE) - corner.row) + Math.abs((i % SIZE) - corner.col);
  }
  return table;
}

/** Every move of `seat`'s pieces (one per piece and end cell), scored with `cost`. */
export function movesOf(board: BotBoard, seat: Seat, cost: ArrayLike<number>): BotMove[] {
  const moves: BotMove[] = [];
  const own = board.pieces[seat] ?? [];
  for (let piece = 0; piece < own.length; piece++) {
    const from = own[piece] ?? 0;
    const reach = reachOnGrid(board.grid, from);
    const base = cost[from] ?? 0;
    for (const to of reach.steps) moves.push({ piece, from, to, gain: base - (cost[to] ?? 0) });
    for (const to of reach.jumps) moves.push({ piece, from, to, gain: base - (cost[to] ?? 0) });
  }
  return moves;
}

/** The best gain among `seat`'s moves (0 when it has none): one ply of "what can I do next?". */
export function bestGain(board: BotBoard, seat: Seat, cost: ArrayLike<number>): number {
  let best = -Infinity;
  const own = board.pieces[seat] ?? [];
  for (const from of own) {
    const reach = reachOnGrid(board.grid, from);
    const base = cost[from] ?? 0;
    for (const to of reach.steps) best = Math.max(best, base - (cost[to] ?? 0));
    for (const to of reach.jumps) best = Math.max(best, base - (cost[to] ?? 0));
  }
  return best === -Infinity ? 0 : best;
}

/** Plays a move on the board in place; `undo` with the same move restores it exactly. */
export function play(board: BotBoard, seat: Seat, move: BotMove): void {
  board.grid[move.from] = EMPTY;
  board.grid[move.to] = seat;
  const own = board.pieces[seat];
  if (own !== undefined) own[move.piece] = move.to;
}

export function undo(board: BotBoard, seat: Seat, move: BotMove): void {
  board.grid[move.to] = EMPTY;
  board.grid[move.from] = seat;
  const own = board.pieces[seat];
  if (own !== undefined) own[move.piece] = move.from;
}

/** Whether `seat` has won on this board (Parlett's rule, as the engine checks it). */
export function wins(board: BotBoard, seat: Seat): boolean {
  return hasWon(board.players, board.grid, seat);
}
