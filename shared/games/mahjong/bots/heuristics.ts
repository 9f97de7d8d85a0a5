import { isFree } from "../geometry";
import type { ViewTile } from "../types";
import type { Knowledge } from "./knowledge";

/**
 * The seed's tile priority (setPriorite), for a set of tiles removed together: how many tiles that
 * were not free become free. The seed takes −1 for a neighbour already free and +1 when it is free
 * after the removal, so an already-free neighbour nets 0 and only newly freed tiles count.
 */
export function freedBy(tiles: readonly ViewTile[], removed: readonly ViewTile[]): number {
  const gone = new Set(removed.map((t) => t.id));
  const after = tiles.filter((t) => !gone.has(t.id));
  return after.filter((t) => !t.free && isFree(after, t)).length;
}

/** A candidate pair with the seed's two SmartINAO scores. */
export interface RankedPair {
  readonly pair: [ViewTile, ViewTile];
  readonly maxBlock: number; // tiles freed by removing the pair (the seed's Max-Block)
  readonly familyLeft: number; // tiles of the family on the board (the seed's Multiple-First)
}

/**
 * SmartINAO's order: Max-Block first (the pair that frees the most tiles), then Multiple-First
 * (families with the most tiles left), the random tie-break last. Pairs with the selected tile come
 * before equal ones, as they save a selection.
 */
export function rankPairs(k: Knowledge, pairs: readonly [ViewTile, ViewTile][], random: () => number): RankedPair[] {
  const ranked = pairs.map((pair) => ({
    pair,
    maxBlock: freedBy(k.view.tiles, pair),
    familyLeft: k.familyLeft.get(k.known.get(pair[0].id) ?? "egg") ?? 0,
    withSelected: pair[0].id === k.view.selected || pair[1].id === k.view.selected ? 1 : 0,
    tie: random(),
  }));
  ranked.sort((p, q) => q.maxBlock - p.maxBlock || q.familyLeft - p.familyLeft || q.withSelected - p.withSelected || p.tie - q.tie);
  return ranked.map(({ pair, maxBlock, familyLeft }) => ({ pair, maxBlock, familyLeft }));
}
