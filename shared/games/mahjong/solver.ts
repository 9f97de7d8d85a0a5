import { blockingOf, freeAmong, type Blocking } from "./geometry";
import type { Place } from "./types";

/** A removal order: pairs of indices into the solved tiles, first pair first. */
export type RemovalOrder = [number, number][];

/** What a bounded search found: a solution, a proof there is none, or nothing within its budget. */
export type SearchResult =
  | { readonly status: "solved"; readonly order: RemovalOrder }
  | { readonly status: "unsolvable" }
  | { readonly status: "gave-up" };

/**
 * An exact solver: a removal order that clears `tiles` (pairs of free tiles of one family, each
 * pair free at the moment it is removed), or null when none exists. Families are compared with ===.
 * Depth-first search with memoisation of the remaining sets already proved dead, plus two safe
 * shortcuts: a family whose remaining tiles are all free is removed at once (removing tiles never
 * makes another tile less free, so this cannot spoil a solution), and a family reduced to two tiles
 * where one lies, even indirectly, on the other is a dead end.
 */
export function solve<F>(tiles: readonly (Place & { readonly family: F })[]): RemovalOrder | null {
  const result = searchSolution(tiles, Number.POSITIVE_INFINITY);
  return result.status === "solved" ? result.order : null;
}

/** `solve` with a budget of search nodes, for callers that must answer quickly (bots). */
export function searchSolution<F>(tiles: readonly (Place & { readonly family: F })[], maxNodes: number): SearchResult {
  const families: F[] = [];
  const familyOf = tiles.map((t) => {
    const at = families.indexOf(t.family);
    if (at >= 0) return at;
    families.push(t.family);
    return families.length - 1;
  });
  const left = families.map((_, f) => familyOf.filter((g) => g === f).length);
  if (left.some((count) => count % 2 !== 0)) return { status: "unsolvable" };
  return new Search(tiles, familyOf, left, maxNodes).run();
}

/** One search; mutable on purpose (tens of thousands of nodes), never shared. */
class Search {
  private readonly blocking: Blocking;
  private readonly below: boolean[][]; // below[i][j]: j lies, perhaps indirectly, under i
  private readonly weight: number[]; // how many tiles each one blocks: remove heavy ones first
  private readonly present: Uint8Array;
  private readonly bits: bigint[];
  private readonly failed = new Set<bigint>();
  private readonly path: RemovalOrder = [];
  private mask: bigint;
  private remaining: number;
  private nodes = 0;
  private gaveUp = false;

  constructor(
    places: readonly Place[],
    private readonly familyOf: readonly number[],
    private readonly left: number[],
    private readonly maxNodes: number,
  ) {
    const n = places.length;
    this.blocking = blockingOf(places);
    this.below = places.map(() => new Array<boolean>(n).fill(false));
    for (let i = 0; i < n; i++) this.markBelow(i, i);
    this.weight = places.map((_, i) => {
      let count = 0;
      for (let j = 0; j < n; j++) {
        if (this.below[i]?.[j]) count++;
        if ((this.blocking.left[j] ?? []).includes(i) || (this.blocking.right[j] ?? []).includes(i)) count++;
      }
      return count;
    });
    this.present = new Uint8Array(n).fill(1);
    this.bits = places.map((_, i) => 1n << BigInt(i));
    this.mask = (1n << BigInt(n)) - 1n;
    this.remaining = n;
  }

  run(): SearchResult {
    if (this.dfs()) return { status: "solved", order: this.path.map(([a, b]) => [a, b]) };
    return this.gaveUp ? { status: "gave-up" } : { status: "unsolvable" };
  }

  /** Marks every tile under `top` (through `via`) as below `top`. */
  private markBelow(top: number, via: number): void {
    const row = this.below[top] ?? [];
    this.blocking.above.forEach((above, j) => {
      if (!row[j] && above.includes(via)) {
        row[j] = true;
        this.markBelow(top, j);
      }
    });
  }

  private take(i: number, j: number): void {
    this.present[i] = 0;
    this.present[j] = 0;
    this.mask ^= (this.bits[i] ?? 0n) ^ (this.bits[j] ?? 0n);
    this.left[this.familyOf[i] ?? 0] = (this.left[this.familyOf[i] ?? 0] ?? 0) - 2;
    this.remaining -= 2;
    this.path.push([i, j]);
  }

  private undo(to: number): void {
    while (this.path.length > to) {
      const [i, j] = this.path.pop() ?? [0, 0];
      this.present[i] = 1;
      this.present[j] = 1;
      this.mask ^= (this.bits[i] ?? 0n) ^ (this.bits[j] ?? 0n);
      this.left[this.familyOf[i] ?? 0] = (this.left[this.familyOf[i] ?? 0] ?? 0) + 2;
      this.remaining += 2;
    }
  }

  /** Free tiles grouped by family. */
  private freeByFamily(): Map<number, number[]> {
    const groups = new Map<number, number[]>();
    for (let i = 0; i < this.present.length; i++) {
      if (!this.present[i] || !freeAmong(this.blocking, this.present, i)) continue;
      const f = this.familyOf[i] ?? 0;
      const group = groups.get(f);
      if (group === undefined) groups.set(f, [i]);
      else group.push(i);
    }
    return groups;
  }

  /** Removes the families whose remaining tiles are all free, until none is; returns the groups left. */
  private takeSafePairs(): Map<number, number[]> {
    for (;;) {
      const groups = this.freeByFamily();
      let took = false;
      for (const [f, group] of groups) {
        if (group.length !== this.left[f]) continue;
        for (let k = 0; k + 1 < group.length; k += 2) this.take(group[k] ?? 0, group[k + 1] ?? 0);
        took = true;
      }
      if (!took) return groups;
    }
  }

  /** A family down to two tiles, one of them under the other: they can never be free together. */
  private hasStackedLastPair(): boolean {
    const lastTwo = new Map<number, number[]>();
    for (let i = 0; i < this.present.length; i++) {
      const f = this.familyOf[i] ?? 0;
      if (!this.present[i] || this.left[f] !== 2) continue;
      const pair = lastTwo.get(f) ?? [];
      pair.push(i);
      lastTwo.set(f, pair);
    }
    for (const [a = 0, b = 0] of lastTwo.values()) if (this.below[a]?.[b] || this.below[b]?.[a]) return true;
    return false;
  }

  private dfs(): boolean {
    if (this.remaining === 0) return true;
    if (this.gaveUp || this.failed.has(this.mask)) return false;
    if (++this.nodes > this.maxNodes) {
      this.gaveUp = true;
      return false;
    }
    const key = this.mask;
    const start = this.path.length;
    const groups = this.takeSafePairs();
    if (this.remaining === 0) return true;
    if (!this.hasStackedLastPair()) {
      for (const [i, j] of this.candidates(groups)) {
        const before = this.path.length;
        this.take(i, j);
        if (this.dfs()) return true;
        this.undo(before);
        if (this.gaveUp) break;
      }
    }
    this.undo(start);
    if (!this.gaveUp) this.failed.add(key);
    return false;
  }

  /** Every free pair of one family (none is all-free here), heaviest blockers first. */
  private candidates(groups: ReadonlyMap<number, readonly number[]>): [number, number][] {
    const pairs: [number, number][] = [];
    for (const group of groups.values()) {
      for (let a = 0; a < group.length; a++) {
        for (let b = a + 1; b < group.length; b++) pairs.push([group[a] ?? 0, group[b] ?? 0]);
      }
    }
    const w = (i: number): number => this.weight[i] ?? 0;
    return pairs.sort((p, q) => w(q[0]) + w(q[1]) - (w(p[0]) + w(p[1])));
  }
}
