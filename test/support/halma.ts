// A scripted Halma player for the integration and browser tests, working from a seat's view only
// (what a real client has): greedy by distance, using the engine's `reachable`.
import {
  distanceToGoal,
  goalCells,
  pathOnGrid,
  reachOnGrid,
  gridOf,
  indexOf,
  cellOf,
  type Cell,
  type HalmaMove,
  type HalmaView,
} from "../../shared/games/halma";
import type { RoomSnapshot } from "../../shared/protocol";

/** The Halma view of `seat` in a snapshot (or the first view when no seat is given). */
export const halmaView = (snapshot: RoomSnapshot, seat?: number): HalmaView =>
  (snapshot.views.find((v) => seat === undefined || v.seat === seat)?.view ?? snapshot.views[0]?.view) as HalmaView;

/** Every move of `seat` as a full path: one per (piece, end cell), the chain with fewest jumps. */
export function movesOf(view: HalmaView, seat: number): HalmaMove[] {
  const grid = gridOf(view.pieces);
  return (view.pieces[seat] ?? []).flatMap((piece) => {
    const reach = reachOnGrid(grid, indexOf(piece));
    return [...reach.steps, ...reach.jumps].map((to) => ({ path: pathOnGrid(reach, to).map((i) => cellOf(i)) }));
  });
}

const key = (cell: Cell): string => `${cell.row},${cell.col}`;

/**
 * Greedy by distance: the move that brings a piece the most towards its goal corner; among equal
 * gains, the rearmost piece. Pieces already in the goal camp stay there unless they go deeper.
 * Deterministic, so a failing run can be replayed.
 */
export function greedyMove(view: HalmaView, seat: number): HalmaMove {
  const players = view.players;
  const goal = new Set(goalCells(players, seat).map(key));
  let best: { move: HalmaMove; score: number } | null = null;
  for (const move of movesOf(view, seat)) {
    const from = move.path[0] as Cell;
    const to = move.path[move.path.length - 1] as Cell;
    if (goal.has(key(from)) && !goal.has(key(to))) continue;
    const before = distanceToGoal(players, seat, from);
    const gain = before - distanceToGoal(players, seat, to);
    const score = gain * 100 + before;
    if (best === null || score > best.score) best = { move, score };
  }
  const fallback = movesOf(view, seat)[0];
  if (best === null && fallback === undefined) throw new Error(`seat ${seat} has no move`);
  return best?.move ?? (fallback as HalmaMove);
}

/** A move of `seat` whose chain has at least `jumps` jumps, the longest forward one; or null. */
export function chainMove(view: HalmaView, seat: number, jumps: number): HalmaMove | null {
  const chains = movesOf(view, seat).filter((m) => m.path.length >= jumps + 1 && isJumpPath(m.path));
  const gain = (m: HalmaMove): number =>
    distanceToGoal(view.players, seat, m.path[0] as Cell) - distanceToGoal(view.players, seat, m.path[m.path.length - 1] as Cell);
  return chains.sort((a, b) => gain(b) - gain(a))[0] ?? null;
}

function isJumpPath(path: readonly Cell[]): boolean {
  const [a, b] = path;
  return a !== undefined && b !== undefined && Math.max(Math.abs(a.row - b.row), Math.abs(a.col - b.col)) === 2;
}
