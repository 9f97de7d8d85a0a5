import type { BotInput, Seat } from "../../../engine/types";
import { boundsFor, type Bounds } from "../board";
import { COLORS, SHAPES, type Placement, type QwirkleView, type Tile } from "../types";

/** Distinct tiles in a set: 6 shapes × 6 colours. A tile's code is `shape index × 6 + colour`. */
export const TILE_KINDS = SHAPES.length * COLORS.length;

/** A tile's code in 0..35, used to index per-kind counts. */
export function tileCode(tile: Tile): number {
  return SHAPES.indexOf(tile.shape) * COLORS.length + tile.color;
}

/** The tile a code stands for. */
export function tileOf(code: number): Tile {
  const shape = SHAPES[Math.floor(code / COLORS.length)] ?? SHAPES[0];
  const color = COLORS[code % COLORS.length] ?? COLORS[0];
  return { shape, color };
}

/**
 * Everything a bot may know, derived from its seat's view only (never the state): this is what makes
 * the bots fair, and the fairness test checks it by reshuffling the hidden parts of a state.
 */
export interface Knowledge {
  readonly seat: Seat;
  readonly hand: readonly Tile[];
  readonly board: readonly Placement[];
  readonly bounds: Bounds | null;
  readonly bagCount: number;
  readonly scores: readonly number[];
  readonly handCounts: readonly number[];
  /** Copies of each tile code that the bot cannot see: in the bag or in another hand (tile counting). */
  readonly unseen: readonly number[];
  readonly unseenTotal: number;
  /** Tiles in the other players' hands: who may answer before the bot plays again. */
  readonly otherHandTiles: number;
}

/** What the seat in `input` knows. Throws for a spectator view: only seated players get a bot. */
export function knowledgeOf(input: BotInput<QwirkleView>): Knowledge {
  const { view, seat } = input;
  if (view.hand === null) throw new RangeError(`seat ${seat} has no hand to play from`);
  const copies = view.totalTiles / TILE_KINDS;
  const unseen = new Array<number>(TILE_KINDS).fill(copies);
  for (const tile of view.board) unseen[tileCode(tile)] = (unseen[tileCode(tile)] ?? 0) - 1;
  for (const tile of view.hand) unseen[tileCode(tile)] = (unseen[tileCode(tile)] ?? 0) - 1;
  // Never negative, even on hand-built test boards that hold more copies than the set has.
  const counts = unseen.map((n) => Math.max(0, n));
  const otherHandTiles = view.handCounts.reduce((sum, n, s) => (s === seat ? sum : sum + n), 0);
  return {
    seat,
    hand: view.hand,
    board: view.board,
    bounds: boundsFor(view.options.board),
    bagCount: view.bagCount,
    scores: view.scores,
    handCounts: view.handCounts,
    unseen: counts,
    unseenTotal: counts.reduce((a, b) => a + b, 0),
    otherHandTiles,
  };
}
