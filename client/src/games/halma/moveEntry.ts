// Building a move on the board, hop by hop or by tapping its end cell: which cells come next, the
// shortest chain to a tapped cell, and why a tap cannot be a move. Pure, on the engine's grid.
import { checkPath, DIRECTIONS, EMPTY, indexOf, inBoard, SIZE, type Cell, type HalmaError } from "../../../../shared/games/halma";

/** Why a tapped cell cannot be the next position: an engine rule code, or no chain leads there. */
export type TapError = HalmaError | "NOT_REACHABLE";

const span = (a: Cell, b: Cell): number => Math.max(Math.abs(a.row - b.row), Math.abs(a.col - b.col));

/** Whether the hop a → b is a step (to a neighbour). */
export const isStep = (a: Cell, b: Cell): boolean => span(a, b) === 1;

/** Whether a path has ended: a step is the whole move. */
export function chainClosed(chain: readonly Cell[]): boolean {
  const [a, b] = chain;
  return chain.length >= 2 && a !== undefined && b !== undefined && isStep(a, b);
}

/** The number of jumps in a path (0 for a step). */
export function jumpCount(path: readonly Cell[]): number {
  return chainClosed(path) ? 0 : Math.max(0, path.length - 1);
}

/** The grid as the moving piece sees it: it has left its start cell. */
function lifted(grid: ArrayLike<number>, start: Cell): Int8Array {
  const copy = Int8Array.from(grid);
  copy[indexOf(start)] = EMPTY;
  return copy;
}

/** The single jumps from `at` on `grid` (start already lifted) to empty cells not in `visited`. */
function jumpsFrom(grid: Int8Array, at: Cell, visited: ReadonlySet<number>): Cell[] {
  const out: Cell[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    const to = { row: at.row + 2 * dr, col: at.col + 2 * dc };
    if (!inBoard(to.row, to.col)) continue;
    const over = grid[(at.row + dr) * SIZE + at.col + dc];
    const i = indexOf(to);
    if (over !== EMPTY && grid[i] === EMPTY && !visited.has(i)) out.push(to);
  }
  return out;
}

/**
 * The cells the chain can go to next: after choosing a piece, its empty neighbours and its single
 * jumps; after a jump, further jumps to cells not visited yet; after a step, nothing.
 */
export function nextHops(grid: ArrayLike<number>, chain: readonly Cell[]): Cell[] {
  const start = chain[0];
  const end = chain[chain.length - 1];
  if (start === undefined || end === undefined || chainClosed(chain)) return [];
  const board = lifted(grid, start);
  const hops: Cell[] = [];
  if (chain.length === 1) {
    for (const [dr, dc] of DIRECTIONS) {
      const to = { row: start.row + dr, col: start.col + dc };
      if (inBoard(to.row, to.col) && board[indexOf(to)] === EMPTY) hops.push(to);
    }
  }
  return [...hops, ...jumpsFrom(board, end, new Set(chain.map((c) => indexOf(c))))];
}

/**
 * The chain extended to `target`: a step when the chain is just the piece and `target` is next to
 * it, else the fewest further jumps (breadth-first, never through a visited cell). Null when no
 * continuation of this chain ends on `target`.
 */
export function chainTo(grid: ArrayLike<number>, chain: readonly Cell[], target: Cell): Cell[] | null {
  const start = chain[0];
  const end = chain[chain.length - 1];
  if (start === undefined || end === undefined || chainClosed(chain) || !inBoard(target.row, target.col)) return null;
  const board = lifted(grid, start);
  const goal = indexOf(target);
  if (board[goal] !== EMPTY) return null;
  if (chain.length === 1 && isStep(start, target)) return [start, target];
  const visited = new Set(chain.map((c) => indexOf(c)));
  const parent = new Map<number, number>();
  const queue: Cell[] = [end];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] as Cell;
    for (const to of jumpsFrom(board, at, visited)) {
      const i = indexOf(to);
      visited.add(i);
      parent.set(i, indexOf(at));
      if (i === goal) {
        const tail: Cell[] = [];
        for (let k: number | undefined = i; k !== undefined && k !== indexOf(end); k = parent.get(k)) {
          tail.push({ row: Math.floor(k / SIZE), col: k % SIZE });
        }
        return [...chain, ...tail.reverse()];
      }
      queue.push(to);
    }
  }
  return null;
}

/**
 * Why `target` cannot come next after `chain` (a piece of `seat` on `grid`), in the engine's words
 * when a single hop explains it (occupied, nothing to jump, a step ends the move), else NOT_REACHABLE.
 */
export function tapError(grid: ArrayLike<number>, seat: number, chain: readonly Cell[], target: Cell): TapError {
  const check = checkPath(grid, seat, [...chain, target]);
  const end = chain[chain.length - 1];
  if (check.ok || end === undefined) return "NOT_REACHABLE";
  if (check.error === "NOT_A_STEP_OR_JUMP" && span(end, target) > 2) return "NOT_REACHABLE";
  return check.error;
}
