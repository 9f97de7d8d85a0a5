import type { z } from "zod";
import type { RngState } from "./rng";

/** A seat index, 0-based, in turn order. */
export type Seat = number;

/**
 * A game's view in two parts: what every seat (and a spectator) sees alike, and what only `seat`
 * sees. A seat's view is `{ ...shared(state), ...own(state, seat) }`, and no field is in both. The
 * server builds and serialises the shared part once per change instead of once per watching seat.
 */
export interface ViewParts<State, Shared extends object, Own extends object> {
  shared(state: State): Shared;
  own(state: State, seat: Seat | null): Own;
}

/** Wall-clock durations on the wire and in options are in milliseconds. */
export type Millis = number;

/**
 * A public record of one accepted move: what every seat and spectator may learn about it
 * (an exchange says how many tiles, never which). Stored in the move log and shown in histories.
 */
export interface PublicMoveSummary {
  readonly type: string; // plus whatever public fields the game records (plain JSON)
}

export type ApplyResult<State, ErrorCode extends string> =
  | { readonly ok: true; readonly state: State; readonly summary: PublicMoveSummary }
  | { readonly ok: false; readonly error: ErrorCode };

/**
 * A countdown the game is running (a turn clock, a peek window). The server owns time: when a new
 * `key` appears it sets a deadline `durationMs` from now (persisted, so it survives a restart; frozen
 * while the game is paused), shows it to clients, and when it passes calls `onTimeout(state, key)`.
 */
export interface GameTimer {
  readonly key: string; // changes whenever a new countdown starts (e.g. "turn:12", "peek:3")
  readonly durationMs: Millis;
}

/** Who has won so far; `finished` says whether the game is over. */
export interface Outcome {
  readonly finished: boolean;
  readonly scores: readonly number[]; // one per seat
  readonly winners: readonly Seat[]; // seats sharing the best result (empty while playing)
  readonly ranks: readonly number[]; // 1 = best, ties share a rank
}

/** What a computer player gets: its seat's view and the public move log, never the full state. */
export interface BotInput<View> {
  readonly view: View;
  readonly seat: Seat;
  readonly history: readonly PublicMoveSummary[];
  readonly random: () => number; // seeded by the server, so a bot's choice is reproducible
  /**
   * What this seat has legitimately seen that its view no longer shows (a human remembers it; a
   * stateless bot is handed it): the game's `botMemory(state, seat)`. Never sent to any client.
   */
  readonly memory?: unknown;
}

export interface BotStrategy<View, Move> {
  readonly id: string;
  readonly names: { readonly fr: string; readonly en: string };
  decide(input: BotInput<View>): Move;
}

/**
 * One game: plain data and pure functions. The platform never looks inside State, Move or View;
 * it parses moves with `moveSchema`, applies them, and sends each seat only `view(state, seat)`.
 */
export interface GameDefinition<Options, State, Move, View, ErrorCode extends string> {
  readonly id: string;
  readonly names: { readonly fr: string; readonly en: string };
  readonly minSeats: number;
  readonly maxSeats: number;
  /** When not every count in min..max is playable (Halma: 2 or 4). */
  readonly seatCounts?: readonly number[];
  readonly optionsSchema: z.ZodType<Options>;
  readonly moveSchema: z.ZodType<Move>;
  /** Deterministic: the same options, seat count and seed give the same state. */
  setup(options: Options, seatCount: number, seed: string): State;
  /** Pure: returns a new state, or a stable error code and leaves `state` untouched. */
  apply(state: State, seat: Seat, move: Move): ApplyResult<State, ErrorCode>;
  /** What `seat` may see (null = spectator). The only game data that ever leaves the server. */
  view(state: State, seat: Seat | null): View;
  /**
   * The same view in two parts, what every seat sees alike and what only `seat` sees (`splitView`
   * gives both this and `view`). Optional: without it the server builds each seat's view whole.
   */
  readonly viewParts?: ViewParts<State, object, object>;
  /** Every legal move of `seat` now (for bots, hints and tests); empty when it is not their turn. */
  legalMoves(state: State, seat: Seat): Move[];
  /** The seats expected to move now (empty when finished). */
  currentSeats(state: State): Seat[];
  outcome(state: State): Outcome;
  /** Computer players, weakest first; empty when the game has none yet. */
  readonly bots: readonly BotStrategy<View, Move>[];
  /**
   * For bots only: what `seat` has seen earlier that its view hides now (e.g. its own peek after the
   * peek window). Must derive only from what that seat was shown; never leaves the server.
   */
  botMemory?(state: State, seat: Seat): unknown;
  /** The countdown running now, if the game has one. */
  timer?(state: State): GameTimer | null;
  /** What happens when the countdown `key` runs out (pure, like apply). */
  onTimeout?(state: State, key: string): ApplyResult<State, ErrorCode>;
  /** The bot whose choice is shown as a hint ("show my best move"); default: the strongest. */
  readonly hintBot?: string;
  /**
   * With computers at the table, a human makes the first move (seat 0 moves first in this game): the
   * platform turns the seats at the start and at each "play again" so that a human sits at seat 0.
   * Default false (the first player is seat 0 of the lobby, then rotates from game to game).
   */
  readonly humanFirst?: boolean;
  /**
   * False when the game cannot be played over days (a slow room): its own short clock is the game
   * (Mahjong++'s turn countdown). Default true; a game's short clocks still run inside a slow turn.
   */
  readonly slowPace?: boolean;
  /** The one-click demo: computers playing each other with these options. */
  readonly demo?: { readonly options: Options; readonly bots: readonly string[] };
}

export type { RngState };

