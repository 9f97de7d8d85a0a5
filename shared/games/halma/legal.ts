import type { Seat } from "../../engine/types";
import { cellOf, gridOf, indexOf } from "./board";
import { pathOnGrid, reachOnGrid } from "./reach";
import type { Cell, HalmaMove, HalmaState } from "./types";

/**
 * Every legal move of `seat`, one per (piece, end cell): a step, or for a jump landing the chain
 * with the fewest jumps. Other chains to the same landing give the same position, so the list is
 * complete as far as positions go (not every path a player could type). Empty when not its turn.
 */
export function legalMoves(state: HalmaState, seat: Seat): HalmaMove[] {
  if (state.finished || seat !== state.turn) return [];
  return movesOnGrid(gridOf(state.pieces), state.pieces[seat] ?? []);
}

/** Every (piece, end cell) move of the pieces on `cells`, on `grid`. */
export function movesOnGrid(grid: Int8Array, cells: readonly Cell[]): HalmaMove[] {
  const moves: HalmaMove[] = [];
  for (const cell of cells) {
    const reach = reachOnGrid(grid, indexOf(cell));
    for (const to of [...reach.steps, ...reach.jumps]) {
      moves.push({ path: pathOnGrid(reach, to).map((i) => cellOf(i)) });
    }
  }
  return moves;
}
