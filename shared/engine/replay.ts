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
    const next = applyRecorded(game, states[states.length - 1], seat, move);
    if (next === null) return { states, brokenAt: index };
    states.push(next);
  }
  return { states, brokenAt: null };
}

/** One move of the log applied again (seat -1: the clock's timeout); null if it no longer applies. */
export function applyRecorded(game: ErasedGame, state: unknown, seat: number, move: unknown): unknown {
  const key = (move as { key?: unknown } | null)?.key;
  const result = seat === CLOCK_SEAT ? (game.onTimeout && typeof key === "string" ? game.onTimeout(state, key) : null) : game.apply(state, seat, move);
  return result?.ok ? result.state : null;
}

/**
 * The state after `moves`, from a state saved earlier (a checkpoint): the engines are deterministic,
 * so the moves logged since rebuild exactly the state that was in memory. Throws if one no longer applies.
 */
export function stateAfter(game: ErasedGame, checkpoint: unknown, moves: readonly { readonly seat: number; readonly move: unknown }[]): unknown {
  let state = checkpoint;
  for (const { seat, move } of moves) {
    const next = applyRecorded(game, state, seat, move);
    if (next === null) throw new Error(`${game.id}: a logged move no longer applies`);
    state = next;
  }
  return state;
}
