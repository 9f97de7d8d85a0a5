import type { RngState, Seat } from "../../engine/types";

/** Shape letters from the seed: C square (carré), R circle (rond), E star (étoile), L diamond (losange), T clover (trèfle), X cross. */
export const SHAPES = ["C", "R", "E", "L", "T", "X"] as const;
export type Shape = (typeof SHAPES)[number];

/** Colour digits from the seed: 0 orange, 1 red, 2 blue, 3 yellow, 4 purple, 5 green. */
export const COLORS = [0, 1, 2, 3, 4, 5] as const;
export type Color = (typeof COLORS)[number];

export interface Tile {
  readonly shape: Shape;
  readonly color: Color;
}

/** A tile at a board cell; rows and columns are 0-based (row 0 = `a`). */
export interface Placement extends Tile {
  readonly row: number;
  readonly col: number;
}

export const MODES = ["normal", "quick"] as const; // quick = the seed's "mode dégradé", 36 tiles
export type Mode = (typeof MODES)[number];
export const BOARDS = ["12x26", "open"] as const; // the seed's bounded board, or the official unbounded one
export type BoardKind = (typeof BOARDS)[number];

export interface QwirkleOptions {
  readonly mode: Mode;
  readonly board: BoardKind;
}

export type QwirkleMove =
  | { readonly type: "place"; readonly placements: readonly Placement[] }
  | { readonly type: "exchange"; readonly tiles: readonly Tile[] }
  | { readonly type: "pass" };

/** The public record of a move, as every seat may see it. */
export type QwirkleMoveSummary =
  | { readonly type: "place"; readonly seat: Seat; readonly placements: readonly Placement[]; readonly points: number; readonly qwirkles: number; readonly endBonus: number }
  | { readonly type: "exchange"; readonly seat: Seat; readonly count: number }
  | { readonly type: "pass"; readonly seat: Seat };

export type EndReason = "hand-emptied" | "blocked";

export interface QwirkleState {
  readonly options: QwirkleOptions;
  readonly board: readonly Placement[]; // in the order tiles were placed
  readonly hands: readonly (readonly Tile[])[]; // secret: each seat sees only its own
  readonly bag: readonly Tile[]; // secret order; tiles are drawn from the end
  readonly rng: RngState; // secret
  readonly scores: readonly number[];
  readonly turn: Seat;
  readonly moveCount: number;
  readonly lastMove: QwirkleMoveSummary | null;
  readonly finished: boolean;
  readonly endReason: EndReason | null;
}

/** What one seat (or a spectator, seat null) sees. No bag order, no RNG, no other hand. */
export interface QwirkleView {
  readonly options: QwirkleOptions;
  readonly seat: Seat | null;
  readonly board: readonly Placement[];
  readonly hand: readonly Tile[] | null; // null for spectators
  readonly handCounts: readonly number[];
  readonly bagCount: number;
  readonly scores: readonly number[];
  readonly turn: Seat;
  readonly moveCount: number;
  readonly lastMove: QwirkleMoveSummary | null;
  readonly finished: boolean;
  readonly endReason: EndReason | null;
  readonly totalTiles: number; // 108 or 36, for tile counting
}

/** Stable rule error codes; the client translates them. */
export const QWIRKLE_ERRORS = [
  "NOT_YOUR_TURN",
  "GAME_OVER",
  "EMPTY_MOVE",
  "TOO_MANY_TILES",
  "TILE_NOT_IN_HAND",
  "CELL_OCCUPIED",
  "DUPLICATE_CELL",
  "OUT_OF_BOARD",
  "NOT_IN_ONE_LINE",
  "GAP_IN_LINE",
  "NOT_CONNECTED",
  "LINE_MIXED",
  "DUPLICATE_IN_LINE",
  "LINE_TOO_LONG",
  "BAG_TOO_SMALL",
  "CANNOT_PASS",
] as const;
export type QwirkleError = (typeof QWIRKLE_ERRORS)[number];
