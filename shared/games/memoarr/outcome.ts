import { outcomeByScore } from "../../engine/outcome";
import type { GameTimer, Outcome, Seat } from "../../engine/types";
import { peekTimerKey } from "./apply";
import type { MemoarrState } from "./types";

/** During the peek every seat that has not said `ready`; then the player to move; nobody at the end. */
export function currentSeats(state: MemoarrState): Seat[] {
  if (state.phase === "over") return [];
  if (state.phase === "peek") return state.ready.flatMap((r, seat) => (r ? [] : [seat]));
  return [state.turn];
}

/** Every seat's rubies. */
export function rubiesOf(state: MemoarrState): number[] {
  return state.won.map((cards) => cards.reduce((a, b) => a + b, 0));
}

/**
 * Rubies are secret until the end, and the outcome is public: while playing, every score is 0 and
 * everyone shares rank 1. At the end: the rubies, the richest seats win (ties share), rank = 1 +
 * seats strictly ahead.
 */
export function outcomeOf(state: MemoarrState): Outcome {
  const finished = state.phase === "over";
  return outcomeByScore(finished ? rubiesOf(state) : state.won.map(() => 0), finished);
}

/** The peek window of the current round, while it is open. */
export function timerOf(state: MemoarrState): GameTimer | null {
  return state.phase === "peek" ? { key: peekTimerKey(state.round), durationMs: state.options.peekSeconds * 1000 } : null;
}
