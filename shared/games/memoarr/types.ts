import type { RngState, Seat } from "../../engine/types";

/** Animal letters from the seed: Crab, Penguin, Octopus, Turtle, Walrus (upper case on the cards). */
export const ANIMALS = ["C", "P", "O", "T", "W"] as const;
export type Animal = (typeof ANIMALS)[number];

/** Background letters from the seed: red, green, purple, blue, yellow (lower case on the cards). */
export const BACKGROUNDS = ["r", "g", "p", "b", "y"] as const;
export type Background = (typeof BACKGROUNDS)[number];

export interface Card {
  readonly animal: Animal;
  readonly background: Background;
}

/** A grid position in the seed's notation: row letter A–E, column digit 1–5 (`B4`). C3 is never a card. */
export type CellName = string;

/** A card at a position, as views and summaries show it. */
export interface PlacedCard {
  readonly cell: CellName;
  readonly card: Card;
}

/** The side of the grid a seat sits on, by seat order: top, bottom, left, right. */
export const SIDES = ["top", "bottom", "left", "right"] as const;
export type Side = (typeof SIDES)[number];

export interface MemoarrOptions {
  readonly expertRules: boolean; // animal powers
  readonly expertDisplay: boolean; // the UI hides the grid and lists the revealed cards; same engine
  readonly peekSeconds: number; // length of the peek window at the start of every round
}

/** The animal powers of expert rules that need a follow-up decision of the same player. */
export const POWERS = ["octopus", "penguin", "walrus", "crab"] as const;
export type PowerKind = (typeof POWERS)[number];

export type MemoarrMove =
  | { readonly type: "ready" } // peek phase: "I have seen my cards"; the peek ends when every seat is ready
  | { readonly type: "reveal"; readonly cell: CellName } // turn a face-down card face up (also a crab's extra card)
  | { readonly type: "swap"; readonly cell: CellName } // octopus: the neighbour to swap places with
  | { readonly type: "hide"; readonly cell: CellName } // penguin: the face-up card to turn face down
  | { readonly type: "skip" } // penguin: turn nothing face down
  | { readonly type: "forbid"; readonly cell: CellName }; // walrus: the face-down card the next player may not choose

export type RoundEndReason = "last-player" | "last-card";

/** How a round ended, as every seat may know it: who took the reward card (never its value). */
export interface RoundEnd {
  readonly round: number;
  readonly winner: Seat;
  readonly reason: RoundEndReason;
}

/** The public record of a move. Reveals carry the card: it is face up for everyone when played. */
export type MemoarrMoveSummary =
  | { readonly type: "ready"; readonly seat: Seat; readonly round: number; readonly peekEnded: boolean }
  | { readonly type: "peekEnd"; readonly round: number } // the peek window ran out (timer)
  | {
      readonly type: "reveal";
      readonly seat: Seat;
      readonly round: number;
      readonly cell: CellName;
      readonly card: Card;
      readonly match: boolean | null; // null for the round's first card, which needs no match
      readonly eliminated: boolean;
      readonly power: PowerKind | "turtle" | null; // the animal power triggered (expert rules, valid reveal)
      readonly skipped: Seat | null; // the seat a turtle made skip its turn
      readonly roundEnd: RoundEnd | null;
      readonly gameOver: boolean;
    }
  | { readonly type: "swap"; readonly seat: Seat; readonly round: number; readonly from: CellName; readonly to: CellName }
  | { readonly type: "hide"; readonly seat: Seat; readonly round: number; readonly cell: CellName; readonly card: Card }
  | { readonly type: "skip"; readonly seat: Seat; readonly round: number }
  | { readonly type: "forbid"; readonly seat: Seat; readonly round: number; readonly cell: CellName };

export const PHASES = ["peek", "play", "over"] as const;
export type Phase = (typeof PHASES)[number];

/** A power waiting for its player's follow-up move; `cell` is where the power card lies now. */
export interface Pending {
  readonly kind: PowerKind;
  readonly seat: Seat;
  readonly cell: number;
}

/** Cells are indices 0..24, row-major from A1 (`row * 5 + col`); index 12 (C3) is always null. */
export interface MemoarrState {
  readonly options: MemoarrOptions;
  readonly seatCount: number;
  readonly grid: readonly (Card | null)[]; // secret where face down; cards stay in place between rounds
  readonly faceUp: readonly boolean[]; // per cell
  readonly unused: Card; // the 25th card, never shown before the end
  readonly rewards: readonly number[]; // secret order; the top card is the last one
  readonly won: readonly (readonly number[])[]; // rubies cards per seat, secret to others until the end
  readonly roundWinners: readonly Seat[]; // public: who took a reward card each round
  readonly round: number; // 1..7
  readonly phase: Phase;
  readonly ready: readonly boolean[]; // peek phase: seats done looking
  readonly peeked: readonly (readonly Card[])[]; // per seat: the cards it peeked at this round (secret to others)
  /** Per seat: the cards it peeked at in earlier rounds (secret to others; for its computer's memory). Absent in states saved before it. */
  readonly peekedBefore?: readonly (readonly Card[])[];
  readonly active: readonly boolean[]; // still in the round
  readonly turn: Seat; // who reveals next in the play phase
  readonly revealOrder: readonly number[]; // cells of this round's face-up cards, in reveal order (follows swaps)
  readonly lastCard: Card | null; // the card the next reveal must match; null before the round's first
  readonly pending: Pending | null;
  readonly forbidden: number | null; // walrus: a cell the current player may not reveal this turn
  readonly firstEliminated: Seat | null; // starts the next round
  readonly starter: Seat; // who started this round
  readonly rng: RngState; // secret
  readonly moveCount: number;
}

/** One grid cell as drawn: `card` is set only when the card is face up (or the game is over). */
export interface ViewCell {
  readonly cell: CellName;
  readonly state: "empty" | "down" | "up"; // empty = the centre
  readonly card: Card | null;
}

/** The follow-up a player owes; `choices` are the cells they may name (a crab's are the cells to reveal). */
export interface PendingView {
  readonly kind: PowerKind;
  readonly seat: Seat;
  readonly cell: CellName; // where the power card lies
  readonly choices: readonly CellName[];
  readonly canSkip: boolean; // penguin only
}

/**
 * What one seat (or a spectator, seat null) sees. Never: face-down identities (except the seat's
 * own peek while its peek window is open, see `myPeek`), the unused card or the reward deck before
 * the end, other seats' rubies before the end, the RNG.
 */
export interface MemoarrView {
  readonly options: MemoarrOptions; // `expertDisplay`: draw only `revealed` and pick cells from a list
  readonly seat: Seat | null;
  readonly seatCount: number;
  readonly sides: readonly Side[]; // per seat: where its name goes around the grid
  readonly round: number; // 1..7
  readonly rounds: number; // 7
  readonly phase: Phase;
  readonly grid: readonly ViewCell[]; // 25 cells, A1..A5, B1..E5
  readonly revealed: readonly PlacedCard[]; // face-up cards of this round in reveal order, where they lie now
  readonly lastCard: PlacedCard | null; // the card to match (highlight it); null before the round's first
  readonly active: readonly boolean[]; // per seat, this round
  readonly turn: Seat | null; // who reveals or owes a follow-up now; null during the peek and at the end
  readonly ready: readonly boolean[]; // peek phase: who has finished looking
  readonly peekOpen: boolean; // true while this seat may look at `myPeek` (its peek window)
  /**
   * This seat's own peek: its 3 cards, only while `peekOpen` (null otherwise, and for spectators).
   * Once the window closes no payload names a face-down card any more; a human remembers what they
   * saw, and a bot is handed it through `botMemory` (never sent to a client).
   */
  readonly myPeek: readonly PlacedCard[] | null;
  readonly peekCells: readonly (readonly CellName[])[]; // per seat: the 3 cells it peeks at (public)
  readonly pending: PendingView | null;
  readonly forbidden: CellName | null; // walrus: the cell the player to move may not reveal
  readonly roundWinners: readonly Seat[]; // who took the reward card of each finished round (public)
  readonly rewardsLeft: number;
  readonly myRewards: readonly number[] | null; // this seat's rubies cards; null for spectators
  readonly rubies: readonly number[] | null; // every seat's total, only once the game is over
  readonly unusedCard: Card | null; // shown once the game is over
  readonly moveCount: number;
  readonly finished: boolean;
}

/**
 * What a computer player remembers that its view no longer shows (`GameDefinition.botMemory`): its
 * own peek of this round, each card where it lies now. Only what that seat was shown; server-side.
 */
export interface MemoarrBotMemory {
  readonly peek: readonly PlacedCard[]; // this round's peek
  readonly earlierPeeks: readonly PlacedCard[]; // the peeks of the rounds before, for a memory of the whole game
}

/** Stable rule error codes; the client translates them. */
export const MEMOARR_ERRORS = [
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "PEEK_IN_PROGRESS", // a play move during the peek
  "NOT_PEEKING", // ready outside the peek
  "ALREADY_READY",
  "BAD_CELL", // the empty centre, or a cell that is no card
  "CARD_FACE_UP", // reveal of a face-up card
  "CARD_FORBIDDEN", // the walrus named that card
  "POWER_PENDING", // the player owes a power's follow-up first
  "NO_POWER_PENDING",
  "NOT_ADJACENT", // octopus: not an orthogonal neighbour
  "NOT_FACE_UP", // penguin: that card is face down
  "CANNOT_HIDE_ITSELF", // penguin: not the penguin itself
  "NOT_FACE_DOWN", // walrus: that card is face up
  "STALE_TIMER", // onTimeout for a countdown that is no longer running
] as const;
export type MemoarrError = (typeof MEMOARR_ERRORS)[number];
