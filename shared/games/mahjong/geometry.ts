import type { Place } from "./types";

// The free-tile rule, in half-tile units: a tile at {x, y, z} spans [x, x+2) × [y, y+2) on layer z.

/** Whether two places overlap when seen from above (at least partly). */
export function overlapsFromAbove(a: Place, b: Place): boolean {
  return Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2;
}

/** Whether `other` lies on `tile`, even partly: any higher layer counts, not only the next one. */
export function covers(other: Place, tile: Place): boolean {
  return other.z > tile.z && overlapsFromAbove(other, tile);
}

/** Whether `other` touches `tile`'s left side: same layer, right next to it, rows overlapping. */
export function touchesLeft(other: Place, tile: Place): boolean {
  return other.z === tile.z && other.x === tile.x - 2 && Math.abs(other.y - tile.y) < 2;
}

/** Whether `other` touches `tile`'s right side. */
export function touchesRight(other: Place, tile: Place): boolean {
  return other.z === tile.z && other.x === tile.x + 2 && Math.abs(other.y - tile.y) < 2;
}

/**
 * Whether `tile` (one of `tiles`) is free: no tile lies on it, even partly, and it does not have
 * tiles touching both its left and its right side. Entries of `tiles` at `tile`'s own place are
 * ignored, so `tile` may or may not be the same object as its entry.
 */
export function isFree(tiles: readonly Place[], tile: Place): boolean {
  let left = false;
  let right = false;
  for (const other of tiles) {
    if (other.x === tile.x && other.y === tile.y && other.z === tile.z) continue;
    if (covers(other, tile)) return false;
    left ||= touchesLeft(other, tile);
    right ||= touchesRight(other, tile);
  }
  return !(left && right);
}

/** The free tiles among `tiles`, in their order. */
export function freeTiles<T extends Place>(tiles: readonly T[]): T[] {
  return tiles.filter((tile) => isFree(tiles, tile));
}

/**
 * Who blocks whom among `places`, by index: what covers each place and what touches its sides.
 * The solver and the deal use it to test freedom in a few steps instead of a scan of the board.
 */
export interface Blocking {
  readonly above: readonly (readonly number[])[];
  readonly left: readonly (readonly number[])[];
  readonly right: readonly (readonly number[])[];
}

export function blockingOf(places: readonly Place[]): Blocking {
  const indices = places.map((_, i) => i);
  return {
    above: places.map((tile) => indices.filter((j) => covers(places[j] as Place, tile))),
    left: places.map((tile) => indices.filter((j) => touchesLeft(places[j] as Place, tile))),
    right: places.map((tile) => indices.filter((j) => touchesRight(places[j] as Place, tile))),
  };
}

/** Whether place `i` is free when only the places with `present[j]` are on the board. */
export function freeAmong(blocking: Blocking, present: ArrayLike<boolean | number>, i: number): boolean {
  const on = (j: number): boolean => Boolean(present[j]);
  if ((blocking.above[i] ?? []).some(on)) return false;
  return !((blocking.left[i] ?? []).some(on) && (blocking.right[i] ?? []).some(on));
}
