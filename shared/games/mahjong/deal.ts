import type { Rng } from "../../engine/rng";
import { blockingOf, freeAmong } from "./geometry";
import type { Family, Place } from "./types";

/** Search nodes a deal may spend before giving up; real layouts need a few dozen. */
const DEAL_NODES = 20_000;

/**
 * A random order in which `places` can be emptied two by two, each pair free at its turn, whatever
 * the faces — or null when there is none (or none found within the budget). Randomised depth-first
 * search with backtracking and memoised dead ends, so it is exact within the budget.
 */
export function randomPairOrder(places: readonly Place[], rng: Rng, maxNodes = DEAL_NODES): [number, number][] | null {
  if (places.length % 2 !== 0) return null;
  const blocking = blockingOf(places);
  const present = new Uint8Array(places.length).fill(1);
  const dead = new Set<string>();
  const order: [number, number][] = [];
  let nodes = 0;
  const key = (): string => present.join("");
  const dfs = (remaining: number): boolean => {
    if (remaining === 0) return true;
    if (++nodes > maxNodes || dead.has(key())) return false;
    const free = places.flatMap((_, i) => (present[i] && freeAmong(blocking, present, i) ? [i] : []));
    const pairs: [number, number][] = [];
    for (let a = 0; a < free.length; a++) for (let b = a + 1; b < free.length; b++) pairs.push([free[a] ?? 0, free[b] ?? 0]);
    for (const [i, j] of rng.shuffle(pairs)) {
      present[i] = 0;
      present[j] = 0;
      order.push([i, j]);
      if (dfs(remaining - 2)) return true;
      order.pop();
      present[i] = 1;
      present[j] = 1;
      if (nodes > maxNodes) return false;
    }
    dead.add(key());
    return false;
  };
  return dfs(places.length) ? order : null;
}

/**
 * Faces for a board built in removal order: the k-th pair of `order` gets `pairFamilies[k]`, so the
 * order itself is a solution. `ids` maps the order's indices to place ids on a board of `size`.
 */
export function facesFromOrder(
  size: number,
  ids: readonly number[],
  order: readonly (readonly [number, number])[],
  pairFamilies: readonly Family[],
): (Family | null)[] {
  const board: (Family | null)[] = new Array<Family | null>(size).fill(null);
  order.forEach(([a, b], k) => {
    const family = pairFamilies[k] ?? null;
    board[ids[a] ?? 0] = family;
    board[ids[b] ?? 0] = family;
  });
  return board;
}

/** The initial deal: every family twice as a pair, on a random removal order of the whole layout. */
export function dealBoard(layout: readonly Place[], families: readonly Family[], rng: Rng): (Family | null)[] {
  const order = randomPairOrder(layout, rng);
  if (order === null) throw new Error("layout cannot be emptied in pairs"); // the layout tests rule it out
  const pairs = rng.shuffle(families.flatMap((f) => [f, f]));
  return facesFromOrder(layout.length, layout.map((_, i) => i), order, pairs);
}

export interface ShuffleResult {
  readonly board: (Family | null)[];
  readonly solvable: boolean | null; // Bonshuffle: whether the result is known solvable; null for random
}

/** Easy: the remaining faces dealt at random over the occupied places. */
export function randomShuffle(board: readonly (Family | null)[], rng: Rng): ShuffleResult {
  const ids = occupied(board);
  const faces = rng.shuffle(ids.map((id) => board[id] ?? null));
  const next = board.slice();
  ids.forEach((id, k) => (next[id] = faces[k] ?? null));
  return { board: next, solvable: null };
}

/**
 * The seed's "Bonshuffle": the remaining faces redealt so the board has a solution, built like the
 * initial deal (a random removal order of the occupied places, one pair of faces per step). When the
 * occupied places cannot be emptied whatever the faces (say two tiles stacked), no shuffle can help:
 * the faces are then dealt at random, but with a matching pair on two free places when there are
 * two, so the player can at least go on; the result says `solvable: false`.
 */
export function bonshuffle(board: readonly (Family | null)[], layout: readonly Place[], rng: Rng): ShuffleResult {
  const ids = occupied(board);
  const places = ids.map((id) => layout[id] ?? { x: 0, y: 0, z: 0 });
  const pairs = pairFaces(ids.map((id) => board[id] ?? null));
  const order = randomPairOrder(places, rng);
  if (order !== null) return { board: facesFromOrder(board.length, ids, order, rng.shuffle(pairs)), solvable: true };
  const shuffled = randomShuffle(board, rng).board;
  const blocking = blockingOf(places);
  const present = places.map(() => 1);
  const free = ids.filter((_, k) => freeAmong(blocking, present, k));
  const [a, b] = free;
  const [first] = pairs;
  if (a !== undefined && b !== undefined && first !== undefined) {
    // Swap a matching pair onto the two free places: the faces stay the same multiset.
    const others = ids.filter((id) => id !== a && id !== b);
    const rest = removeOnce(removeOnce(ids.map((id) => shuffled[id] ?? null), first), first);
    others.forEach((id, k) => (shuffled[id] = rest[k] ?? null));
    shuffled[a] = first;
    shuffled[b] = first;
  }
  return { board: shuffled, solvable: false };
}

function occupied(board: readonly (Family | null)[]): number[] {
  return board.flatMap((f, id) => (f === null ? [] : [id]));
}

/** The faces as pairs (one entry per pair); every family on the board has an even count. */
function pairFaces(faces: readonly (Family | null)[]): Family[] {
  const counts = new Map<Family, number>();
  for (const f of faces) if (f !== null) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].flatMap(([f, n]) => new Array<Family>(Math.floor(n / 2)).fill(f));
}

function removeOnce<T>(items: readonly T[], item: T): T[] {
  const at = items.indexOf(item);
  return at < 0 ? items.slice() : [...items.slice(0, at), ...items.slice(at + 1)];
}
