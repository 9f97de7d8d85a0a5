import type { ApplyResult, GameTimer } from "../../engine/types";
import { passOnTimeout } from "./apply";
import { LEVEL_RULES } from "./rules";
import type { MahjongError, MahjongState } from "./types";

/** The key of a turn's countdown: a new key for every turn, including automatic passes. */
export function turnKey(state: MahjongState): string {
  return `turn:${state.turnNumber}`;
}

/** The running countdown: the turn's time by level (15, 20 or 25 s); none once the game is over. */
export function turnTimer(state: MahjongState): GameTimer | null {
  return state.finished ? null : { key: turnKey(state), durationMs: LEVEL_RULES[state.options.level].turnMs };
}

/**
 * The countdown `key` ran out: the turn passes to the other player (then the settling rules run, as
 * after any move). A key that is not the running one is refused with STALE_TIMER and changes
 * nothing: the server only sends the current key, so this only guards against replays gone wrong.
 */
export function onTurnTimeout(state: MahjongState, key: string): ApplyResult<MahjongState, MahjongError> {
  if (state.finished) return { ok: false, error: "GAME_OVER" };
  if (key !== turnKey(state)) return { ok: false, error: "STALE_TIMER" };
  return passOnTimeout(state);
}
