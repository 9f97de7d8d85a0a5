import type { RngState, Seat } from "../../engine/types";

/**
 * The 15 tile families of the seed's Moroccan theme (egg, harira soup, dates and twelve more).
 * A game uses 9 (easy) or 14 of them, picked at random; each family used has exactly 4 tiles.
 */
export const FAMILIES = [
  "egg",
  "harira",
  "dates",
  "tajine",
  "mint-tea",
  "couscous",
  "msemen",
  "babouche",
  "lantern",
  "argan",
  "olives",
  "oranges",
  "fez",
  "chebakia",
  "drum",
] as const;
export type Family = (typeof FAMILIES)[number];

/** The seed's three levels: board size, layers, turn time, shuffle kind and hidden faces. */
export const LEVELS = ["easy", "medium", "hard"] as const;
export type Level = (typeof LEVELS)[number];

/**
 * A place on a layout, in half-tile units as in GNOME Mahjongg: a tile at {x, y, z} covers the
 * half-cells x and x+1 across, y and y+1 down, on layer z (0 = the table). So it spans [x, x+2) ×
 * [y, y+2), and two tiles of one layer overlap when |dx| < 2 and |dy| < 2.
 */
export interface Place {
  readonly x: number;
  readonly y: number;
  readonly z: number;
}

export interface MahjongOptions {
  readonly level: Level;
}

/** A move: `tile` is a place id, the index of the place in the level's layout. */
export type MahjongMove =
  | { readonly type: "select"; readonly tile: number }
  | { readonly type: "shuffle" }
  | { readonly type: "endTurn" };

/** What a selection did: became the first selection, removed a pair, or cancelled the selection. */
export const SELECT_RESULTS = ["first", "pair", "deselect"] as const;
export type SelectResult = (typeof SELECT_RESULTS)[number];

export const END_REASONS = ["cleared", "blocked"] as const; // board emptied / nobody can move any more
export type EndReason = (typeof END_REASONS)[number];

/** Fields every summary carries about what happened after the move itself. */
interface SummaryTail {
  readonly seat: Seat; // who moved; for a timeout, whose turn ran out
  readonly turnNumber: number; // the turn the move belonged to (bots count their selections with it)
  readonly passed: readonly Seat[]; // seats whose turn then passed automatically (stuck, no shuffle left)
  readonly endReason: EndReason | null; // set when the move ended the game
}

/**
 * The public record of a move. A selection names the family of the selected tile, except on the
 * hard level where a tile that does not complete a pair goes face down again: its face must never
 * stay in the log (the view shows it only while it is selected). A pair names its family (the tiles
 * are gone). A cancelled selection names none.
 */
export type MahjongMoveSummary =
  | (SummaryTail & {
      readonly type: "select";
      readonly tile: number;
      readonly family: Family | null; // null when cancelled, and for a first selection on the hard level
      readonly result: SelectResult;
      readonly removed: readonly [number, number] | null; // the pair removed, first selection first
      readonly points: number; // scored by this selection (0 unless a pair)
    })
  | (SummaryTail & { readonly type: "shuffle"; readonly kind: ShuffleKind; readonly solvable: boolean | null })
  | (SummaryTail & { readonly type: "endTurn" })
  | (SummaryTail & { readonly type: "timeout" });

/** Easy shuffles at random; medium and hard use the seed's "Bonshuffle" (a solvable result). */
export const SHUFFLE_KINDS = ["random", "bonshuffle"] as const;
export type ShuffleKind = (typeof SHUFFLE_KINDS)[number];

export interface MahjongState {
  readonly options: MahjongOptions;
  readonly families: readonly Family[]; // the families picked for this game, in a random order
  readonly board: readonly (Family | null)[]; // by place id; null once removed. Secret where face-down
  readonly rng: RngState; // secret
  readonly scores: readonly number[];
  readonly shufflesLeft: readonly number[];
  readonly turn: Seat;
  readonly turnNumber: number; // 1 for the first turn; the timer key is `turn:<turnNumber>`
  readonly pairsThisTurn: number; // the next pair scores 10 × 2^pairsThisTurn
  readonly selected: number | null; // the first selection of a pair
  readonly facesHidden: boolean; // hard level, once the turn's first pair is removed
  /**
   * The tiles selected since the last shuffle, in order: each face was shown to every seat while it
   * was selected, so a player may remember it (the computers' memory: `botMemory`). Absent in a state
   * saved before it was kept (read as none).
   */
  readonly seen?: readonly number[];
  readonly moveCount: number;
  readonly lastMove: MahjongMoveSummary | null;
  readonly finished: boolean;
  readonly endReason: EndReason | null;
}

/** One tile still on the board, as a seat sees it. */
export interface ViewTile extends Place {
  readonly id: number; // place id, what a `select` move names
  readonly family: Family | null; // null = face down (hard level); never sent while hidden
  readonly free: boolean; // selectable by the free-tile rule
  readonly selected: boolean;
}

/**
 * What one seat (or a spectator) sees; every seat sees the same thing. No RNG, no hidden face.
 * A board component draws `tiles` layer by layer (z ascending) in a `size` box of half-tile units.
 */
export interface MahjongView {
  readonly options: MahjongOptions;
  readonly seat: Seat | null; // the viewer, null for a spectator
  readonly size: { readonly width: number; readonly height: number; readonly layers: number }; // layout extent, half-tile units
  readonly families: readonly Family[]; // the families in play (a legend)
  readonly tiles: readonly ViewTile[]; // tiles still on the board, by place id
  readonly totalTiles: number; // tiles at the start (36 or 56)
  readonly scores: readonly number[];
  readonly shufflesLeft: readonly number[];
  readonly turn: Seat;
  readonly turnNumber: number;
  readonly turnMs: number; // the level's turn time; the server's deadline is the countdown's truth
  readonly pairsThisTurn: number; // the per-turn pair counter
  readonly nextPairPoints: number; // what the next pair of this turn scores
  readonly selected: number | null;
  readonly facesHidden: boolean; // hard level: faces are down for the rest of this turn
  readonly stuck: boolean; // no free pair on the board: the player to move must shuffle
  readonly moveCount: number;
  readonly lastMove: MahjongMoveSummary | null;
  readonly finished: boolean;
  readonly endReason: EndReason | null;
}

/** Stable rule error codes; the client translates them. */
export const MAHJONG_ERRORS = [
  "NOT_YOUR_TURN",
  "GAME_OVER",
  "NO_SUCH_TILE",
  "TILE_NOT_FREE",
  "NO_SHUFFLE_LEFT",
  "MUST_SHUFFLE",
  "STALE_TIMER",
] as const;
export type MahjongError = (typeof MAHJONG_ERRORS)[number];
