import type { Seat } from "../../engine/types";

/** A board cell, 0-indexed from the top-left corner: row 0 is the top row, col 0 the left column. */
export interface Cell {
  readonly row: number;
  readonly col: number;
}

/** Halma has no room options: the seat count (2 or 4) decides the camps. */
export type HalmaOptions = Readonly<Record<string, never>>;

/** The only seat counts Halma can be played with; 3 players are refused by `setup`. */
export const SEAT_COUNTS = [2, 4] as const;
export type PlayerCount = (typeof SEAT_COUNTS)[number];

/**
 * A move is the list of cells the piece visits: its start, then the landing of its one step, or the
 * landing of each jump of its chain, in order (`c3-e5-g7` in notation).
 */
export interface HalmaMove {
  readonly path: readonly Cell[];
}

/** The public record of a move; `path` is the whole chain so the board can animate it. */
export interface HalmaMoveSummary {
  readonly type: "move";
  readonly seat: Seat;
  readonly path: readonly Cell[];
  readonly notation: string; // `c3-e5-g7`
  readonly kind: "step" | "jump";
  readonly skipped: readonly Seat[]; // seats passed over afterwards because they had no legal move
}

/** Why a game ended: a seat won, 300 rounds passed, or (in theory) nobody could move. */
export const END_REASONS = ["win", "round-limit", "blocked"] as const;
export type EndReason = (typeof END_REASONS)[number];

export interface HalmaState {
  readonly players: PlayerCount;
  readonly pieces: readonly (readonly Cell[])[]; // per seat; a piece keeps its index for the whole game
  readonly turn: Seat;
  readonly round: number; // 1-based; a round ends when the turn passes from the last seat back to seat 0
  readonly moveCount: number;
  readonly lastMove: HalmaMoveSummary | null;
  readonly finished: boolean;
  readonly endReason: EndReason | null;
  readonly winners: readonly Seat[]; // set once finished
}

/**
 * What a seat or a spectator sees. Halma has no hidden information, so every viewer gets the same
 * board; the view is still built field by field so nothing is ever leaked by accident.
 */
export interface HalmaView {
  readonly players: PlayerCount; // 2 or 4: the camps' shape (19 or 13 cells)
  readonly seat: Seat | null; // the viewer, null for a spectator
  readonly size: number; // 16: the board is size × size
  readonly pieces: readonly (readonly Cell[])[]; // per seat, the cells its pieces stand on
  readonly corners: readonly Corner[]; // per seat, the corner of its starting camp
  readonly camps: readonly (readonly Cell[])[]; // per seat, its starting camp (to colour the board)
  readonly goals: readonly Seat[]; // per seat, whose starting camp is its goal (the diagonally opposite one)
  readonly homeCounts: readonly number[]; // per seat, how many of its pieces stand in its goal camp
  readonly distances: readonly number[]; // per seat, total distance to its goal corner (see distanceToGoal)
  readonly turn: Seat;
  readonly round: number;
  readonly maxRounds: number; // 300: the game ends after this many rounds without a winner
  readonly moveCount: number;
  readonly lastMove: HalmaMoveSummary | null; // to draw the last path and animate it
  readonly finished: boolean;
  readonly endReason: EndReason | null;
  readonly winners: readonly Seat[];
}

/** The four corners of the board; seats sit at them in turn order, going round the board. */
export const CORNERS = ["bottom-left", "top-left", "top-right", "bottom-right"] as const;
export type Corner = (typeof CORNERS)[number];

/** Stable rule error codes; the client translates them. */
export const HALMA_ERRORS = [
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "PATH_TOO_SHORT",
  "OUT_OF_BOARD",
  "NO_PIECE",
  "NOT_YOUR_PIECE",
  "CELL_OCCUPIED",
  "NOT_A_STEP_OR_JUMP",
  "NOTHING_TO_JUMP",
  "STEP_ENDS_MOVE",
  "CELL_REVISITED",
] as const;
export type HalmaError = (typeof HALMA_ERRORS)[number];
