// Move generation: where one piece can end its move. Jumps always move by 0 or 2 along each axis,
// so a chain keeps the piece on cells of its starting parity (the seed's "same colour" rule holds by
// construction) and a jump landing is never adjacent to the start: steps and landings never overlap.
import { cellOf, DIRECTIONS, EMPTY, inBoard, indexOf, SIZE } from "./board";
import type { Cell } from "./types";

/** Every end cell of one piece, as flat indices, and how to walk back along a jump chain. */
export interface Reach {
  readonly from: number;
  readonly steps: number[]; // empty neighbours
  readonly jumps: number[]; // every landing of every jump chain, nearest (fewest jumps) first
  readonly parent: Int16Array; // for a landing, the cell the last jump left from (-1 elsewhere)
}

/**
 * Everything the piece on `from` can reach on `grid` (EMPTY or a seat per cell). The piece leaves
 * `from` when it moves, so a chain can neither jump over nor land on its own start cell; landings are
 * found breadth-first, which also gives each one a shortest chain. Any simple chain's landing is
 * reachable breadth-first and vice versa, so the "no cell twice" rule loses no landing.
 */
export function reachOnGrid(grid: ArrayLike<number>, from: number, size = SIZE): Reach {
  const parent = new Int16Array(size * size).fill(-1);
  const row0 = Math.floor(from / size);
  const col0 = from % size;
  const steps: number[] = [];
  for (const [dr, dc] of DIRECTIONS) {
    const r = row0 + dr;
    const c = col0 + dc;
    if (r >= 0 && c >= 0 && r < size && c < size && grid[r * size + c] === EMPTY) steps.push(r * size + c);
  }
  const jumps: number[] = [];
  parent[from] = from; // marks the start as visited; callers read parent only for landings
  const queue = [from];
  for (let head = 0; head < queue.length; head++) {
    const at = queue[head] ?? from;
    const r0 = Math.floor(at / size);
    const c0 = at % size;
    for (const [dr, dc] of DIRECTIONS) {
      const r = r0 + 2 * dr;
      const c = c0 + 2 * dc;
      if (r < 0 || c < 0 || r >= size || c >= size) continue;
      const over = (r0 + dr) * size + (c0 + dc);
      const to = r * size + c;
      if (over === from || grid[over] === EMPTY || grid[to] !== EMPTY || parent[to] !== -1) continue;
      parent[to] = at;
      jumps.push(to);
      queue.push(to);
    }
  }
  return { from, steps, jumps, parent };
}

/** The chain to `to` (a step or a landing of `reach`), from the start cell, as flat indices. */
export function pathOnGrid(reach: Reach, to: number): number[] {
  if (reach.steps.includes(to)) return [reach.from, to];
  const path = [to];
  for (let at = to; at !== reach.from; ) {
    at = reach.parent[at] ?? reach.from;
    if (at === -1) return []; // `to` is not a landing
    path.push(at);
  }
  return path.reverse();
}

/**
 * Every cell the piece at `from` can end a move on: its empty neighbours (a step) and every landing
 * of every jump chain (over any piece, changing direction freely, never visiting a cell twice nor
 * ending where it started). `occupied` lists every piece on the board, whoever owns it, `from`
 * included; cells are 0-indexed `{ row, col }` on a size × size board. No duplicates; steps first.
 */
export function reachable(occupied: readonly Cell[], from: Cell, size = SIZE): Cell[] {
  const grid = new Int8Array(size * size).fill(EMPTY);
  for (const cell of occupied) if (inBoard(cell.row, cell.col, size)) grid[indexOf(cell, size)] = 0;
  if (!inBoard(from.row, from.col, size)) return [];
  const reach = reachOnGrid(grid, indexOf(from, size), size);
  return [...reach.steps, ...reach.jumps].map((i) => cellOf(i, size));
}
