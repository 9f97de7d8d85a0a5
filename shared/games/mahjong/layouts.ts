import type { Level, Place } from "./types";

/** Places of a rectangular block: columns `xs` × rows `ys` on layer `z` (half-tile units). */
function block(xs: readonly number[], ys: readonly number[], z: number): Place[] {
  return ys.flatMap((y) => xs.map((x) => ({ x, y, z })));
}

const COLUMNS_6 = [0, 2, 4, 6, 8, 10]; // six tiles across: what a phone held upright shows well
const COLUMNS_4 = [2, 4, 6, 8];

/** Layer order, then rows, then columns: place ids read like a book from the table up. */
function ordered(places: readonly Place[]): readonly Place[] {
  return [...places].sort((a, b) => a.z - b.z || a.y - b.y || a.x - b.x);
}

/**
 * The three boards, as data. Pyramid-like and six tiles wide so they read on a phone:
 * - easy, 36 tiles on 2 layers: a 6×4 base under a 4×3 top set half a tile down, so each top tile
 *   rests on two rows at once (the half offsets of GNOME layouts);
 * - medium, 56 tiles on 2 layers: a 6×6 base under a 4×5 top, also half a tile down;
 * - hard, 56 tiles on 3 layers: a 6×6 base, a 4×4 middle and a 2×2 top, stacked square.
 */
export const LAYOUTS: Readonly<Record<Level, readonly Place[]>> = {
  easy: ordered([...block(COLUMNS_6, [0, 2, 4, 6], 0), ...block(COLUMNS_4, [1, 3, 5], 1)]),
  medium: ordered([...block(COLUMNS_6, [0, 2, 4, 6, 8, 10], 0), ...block(COLUMNS_4, [1, 3, 5, 7, 9], 1)]),
  hard: ordered([
    ...block(COLUMNS_6, [0, 2, 4, 6, 8, 10], 0),
    ...block(COLUMNS_4, [2, 4, 6, 8], 1),
    ...block([4, 6], [4, 6], 2),
  ]),
};

/** A layout's extent in half-tile units (a tile is 2 × 2) and its number of layers. */
export function layoutSize(places: readonly Place[]): { width: number; height: number; layers: number } {
  return {
    width: Math.max(...places.map((p) => p.x)) + 2,
    height: Math.max(...places.map((p) => p.y)) + 2,
    layers: Math.max(...places.map((p) => p.z)) + 1,
  };
}
