import type { ErasedGame } from "./erase";

/** What a finished room publishes for its replay (GET /api/rooms/:id/log). */
export interface ReplayData {
  readonly seed: string;
  readonly options: unknown;
  readonly seatCount: number;
  /** Moves in order; seat -1 is the clock: `{ type: "timeout", key }` is re-applied with onTimeout. */
  readonly moves: readonly { readonly seat: number; readonly move: unknown }[];
}

export const CLOCK_SEAT = -1;

/**
 * Every state of a finished game, from the set-up to the end, rebuilt with the engine from the seed
 * and the moves. Stops early (and says where) if a move no longer applies — a game whose rules
 * changed since it was played.
 */
export function replayStates(game: ErasedGame, data: ReplayData): { states: unknown[]; brokenAt: number | null } {
  const states: unknown[] = [game.setup(data.options, data.seatCount, data.seed)];
  for (const [index, { seat, move }] of data.moves.entries()) {
    const state = states[states.length - 1];
    const key = (move as { key?: unknown }).key;
    const result =
      seat === CLOCK_SEAT ? (game.onTimeout && typeof key === "string" ? game.onTimeout(state, key) : null) : game.apply(state, seat, move);
    if (!result?.ok) return { states, brokenAt: index };
    states.push(result.state);
  }
  return { states, brokenAt: null };
}
