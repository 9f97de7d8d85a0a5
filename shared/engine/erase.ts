import type { z } from "zod";
import type { ApplyResult, BotInput, GameDefinition, GameTimer, Outcome, PublicMoveSummary, Seat } from "./types";

/** A bot as the platform holds it: its view type erased. */
export interface ErasedBot {
  readonly id: string;
  readonly names: { readonly fr: string; readonly en: string };
  decide(input: BotInput<unknown>): unknown;
}

/**
 * A game as the game-agnostic platform holds it. States, moves and views are opaque (`unknown`):
 * the platform only stores them, passes them back to the same game, and sends views out.
 */
export interface ErasedGame {
  readonly id: string;
  readonly names: { readonly fr: string; readonly en: string };
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly seatCounts: readonly number[]; // the playable numbers of players
  readonly optionsSchema: z.ZodType;
  readonly moveSchema: z.ZodType;
  setup(options: unknown, seatCount: number, seed: string): unknown;
  apply(state: unknown, seat: Seat, move: unknown): ApplyResult<unknown, string>;
  view(state: unknown, seat: Seat | null): unknown;
  /** The view as what every seat sees alike and what only `seat` sees (GameDefinition.viewParts). */
  readonly viewParts?: { shared(state: unknown): object; own(state: unknown, seat: Seat | null): object };
  legalMoves(state: unknown, seat: Seat): unknown[];
  currentSeats(state: unknown): Seat[];
  outcome(state: unknown): Outcome;
  readonly bots: readonly ErasedBot[];
  readonly botMemory?: (state: unknown, seat: Seat) => unknown;
  /** Absent when the game has no countdowns. */
  readonly timer?: (state: unknown) => GameTimer | null;
  readonly onTimeout?: (state: unknown, key: string) => ApplyResult<unknown, string>;
  readonly hintBot: string | null;
  readonly humanFirst: boolean; // GameDefinition.humanFirst
  readonly slowPace: boolean; // may be played over days (GameDefinition.slowPace)
  readonly demo: { readonly options: unknown; readonly bots: readonly string[] } | null;
}

/**
 * Erases a game's types for the registry. The casts are sound because the platform only ever hands
 * a game the states its own `setup`/`apply` produced, options its `optionsSchema` parsed and moves
 * its `moveSchema` parsed.
 */
export function eraseGame<O, S, M, V, E extends string>(game: GameDefinition<O, S, M, V, E>): ErasedGame {
  const { timer, onTimeout, botMemory, viewParts } = game;
  return {
    id: game.id,
    names: game.names,
    minSeats: game.minSeats,
    maxSeats: game.maxSeats,
    seatCounts: game.seatCounts ?? Array.from({ length: game.maxSeats - game.minSeats + 1 }, (_, i) => game.minSeats + i),
    optionsSchema: game.optionsSchema,
    moveSchema: game.moveSchema,
    setup: (options, seatCount, seed) => game.setup(options as O, seatCount, seed),
    apply: (state, seat, move) => game.apply(state as S, seat, move as M),
    view: (state, seat) => game.view(state as S, seat),
    ...(viewParts ? { viewParts: { shared: (state: unknown) => viewParts.shared(state as S), own: (state: unknown, seat: Seat | null) => viewParts.own(state as S, seat) } } : {}),
    legalMoves: (state, seat) => game.legalMoves(state as S, seat),
    currentSeats: (state) => game.currentSeats(state as S),
    outcome: (state) => game.outcome(state as S),
    bots: game.bots.map((bot) => ({
      id: bot.id,
      names: bot.names,
      decide: (input: BotInput<unknown>) => bot.decide({ ...input, view: input.view as V }),
    })),
    ...(botMemory ? { botMemory: (state: unknown, seat: Seat) => botMemory.call(game, state as S, seat) } : {}),
    ...(timer ? { timer: (state: unknown) => timer.call(game, state as S) } : {}),
    ...(onTimeout ? { onTimeout: (state: unknown, key: string) => onTimeout.call(game, state as S, key) } : {}),
    hintBot: game.hintBot ?? game.bots.at(-1)?.id ?? null,
    humanFirst: game.humanFirst ?? false,
    slowPace: game.slowPace ?? true,
    demo: game.demo ?? null,
  };
}

export type { PublicMoveSummary };
