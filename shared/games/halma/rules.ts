// The end-of-game rules: Parlett's anti-blocking win, the distance count of the 300-round rule, and
// whether a seat can move at all.
import type { Seat } from "../../engine/types";
import { DIRECTIONS, EMPTY, indexOf, SIZE } from "./board";
import { distanceToGoal, goalCells } from "./camps";
import type { Cell, PlayerCount } from "./types";

/** The game ends after this many full rounds without a winner. */
export const MAX_ROUNDS = 300;

/**
 * David Parlett's anti-blocking rule: `seat` has won as soon as every cell of its goal camp is
 * occupied (by anyone) and at least one of them holds its own piece. So pieces an opponent parks in
 * the goal (or never moves out of it) cannot stop a win: the seat fills the cells that are left.
 */
export function hasWon(players: PlayerCount, grid: ArrayLike<number>, seat: Seat): boolean {
  let own = false;
  for (const cell of goalCells(players, seat)) {
    const owner = grid[indexOf(cell)];
    if (owner === EMPTY || owner === undefined) return false;
    if (owner === seat) own = true;
  }
  return own;
}

/** How many of `seat`'s pieces stand in its goal camp ("pieces home"). */
export function homeCount(players: PlayerCount, seat: Seat, cells: readonly Cell[]): number {
  const goal = new Set(goalCells(players, seat).map((c) => indexOf(c)));
  return cells.filter((c) => goal.has(indexOf(c))).length;
}

/** The sum over `seat`'s pieces of their distance to its goal corner (lower is better). */
export function totalDistance(players: PlayerCount, seat: Seat, cells: readonly Cell[]): number {
  return cells.reduce((sum, cell) => sum + distanceToGoal(players, seat, cell), 0);
}

/**
 * Whether any of `cells` (one seat's pieces) has a legal move on `grid`: an empty neighbour, or a
 * single jump (which is already a whole legal move).
 */
export function canMove(grid: ArrayLike<number>, cells: readonly Cell[]): boolean {
  for (const { row, col } of cells) {
    for (const [dr, dc] of DIRECTIONS) {
      const r = row + dr;
      const c = col + dc;
      if (r < 0 || c < 0 || r >= SIZE || c >= SIZE) continue;
      if (grid[r * SIZE + c] === EMPTY) return true;
      const r2 = r + dr;
      const c2 = c + dc;
      if (r2 >= 0 && c2 >= 0 && r2 < SIZE && c2 < SIZE && grid[r2 * SIZE + c2] === EMPTY) return true;
    }
  }
  return false;
}
