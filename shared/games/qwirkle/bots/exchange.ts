import { HAND_SIZE, tileKey } from "../tiles";
import { COLORS, SHAPES, type QwirkleMove, type Tile } from "../types";
import { exchangeMove, PASS } from "./moves";

/**
 * The hand's best group: the most distinct tiles sharing one colour or one shape, i.e. the longest
 * line the hand could lay by itself, as their places in the hand. Ties go to the first trait
 * (colours, then shapes), so the choice is deterministic.
 */
function bestGroup(hand: readonly Tile[]): number[] {
  let best: number[] = [];
  const traits = [...COLORS.map((c) => (t: Tile) => t.color === c), ...SHAPES.map((s) => (t: Tile) => t.shape === s)];
  for (const has of traits) {
    const seen = new Set<string>();
    const group: number[] = [];
    hand.forEach((tile, index) => {
      if (!has(tile) || seen.has(tileKey(tile))) return;
      seen.add(tileKey(tile));
      group.push(index);
    });
    if (group.length > best.length) best = group;
  }
  return best;
}

/**
 * Tiles worth giving back, in the order they should go: the tiles outside the best group, second
 * copies first (two identical tiles can never share a line, so a copy is the least useful tile).
 */
export function tilesOutsideBestGroup(hand: readonly Tile[]): Tile[] {
  const group = bestGroup(hand); // by place in the hand: two copies of a tile may be one object (tiles.ts)
  const rest = hand.filter((_, index) => !group.includes(index));
  const seen = new Set(group.map((index) => tileKey(hand[index]!)));
  const copies: Tile[] = [];
  const others: Tile[] = [];
  for (const tile of rest) {
    if (seen.has(tileKey(tile))) copies.push(tile);
    else {
      seen.add(tileKey(tile));
      others.push(tile);
    }
  }
  return [...copies, ...others];
}

/**
 * A legal exchange of the first tiles of `give` (or of the whole hand when `give` is empty), cut to
 * what the bag can return and to a hand's size; null when the bag is empty (no exchange is legal).
 */
function exchangeOf(hand: readonly Tile[], give: readonly Tile[], bagCount: number): QwirkleMove | null {
  const count = Math.min(bagCount, HAND_SIZE, give.length > 0 ? give.length : hand.length);
  if (count <= 0) return null;
  return exchangeMove((give.length > 0 ? give : hand).slice(0, count));
}

/**
 * The move of a player who cannot place any tile: exchange `give` if the bag allows, otherwise pass
 * (the only legal move then, since passing needs an empty bag and no placement).
 */
export function stuckMove(hand: readonly Tile[], give: readonly Tile[], bagCount: number): QwirkleMove {
  return exchangeOf(hand, give, bagCount) ?? PASS;
}
