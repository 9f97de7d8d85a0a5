import { z } from "zod";
import { eraseGame } from "../../shared/engine/erase";
import type { GameDefinition } from "../../shared/engine/types";

/**
 * A tiny game for platform tests of countdowns: two seats take turns; each turn lasts
 * `turnMs`; a move or a timeout passes the turn; the game ends after 6 turns.
 */
interface CountdownState {
  readonly turn: number; // how many turns have passed
  readonly timeouts: number;
  readonly turnMs: number;
}
type CountdownMove = { readonly type: "pass" };

const countdown: GameDefinition<{ turnMs: number }, CountdownState, CountdownMove, CountdownState, "NOT_YOUR_TURN" | "GAME_OVER"> = {
  id: "countdown",
  names: { fr: "Compte à rebours", en: "Countdown" },
  minSeats: 2,
  maxSeats: 2,
  optionsSchema: z.object({ turnMs: z.number().int().min(10).max(60_000).default(400) }).strict(),
  moveSchema: z.object({ type: z.literal("pass") }).strict(),
  setup: (options) => ({ turn: 0, timeouts: 0, turnMs: options.turnMs }),
  apply: (state, seat) => {
    if (state.turn >= 6) return { ok: false, error: "GAME_OVER" };
    if (seat !== state.turn % 2) return { ok: false, error: "NOT_YOUR_TURN" };
    return { ok: true, state: { ...state, turn: state.turn + 1 }, summary: { type: "pass", seat } };
  },
  view: (state) => state,
  legalMoves: (state, seat) => (state.turn < 6 && seat === state.turn % 2 ? [{ type: "pass" }] : []),
  currentSeats: (state) => (state.turn < 6 ? [state.turn % 2] : []),
  outcome: (state) => ({ finished: state.turn >= 6, scores: [0, 0], winners: state.turn >= 6 ? [0, 1] : [], ranks: [1, 1] }),
  bots: [],
  timer: (state) => (state.turn < 6 ? { key: `turn:${state.turn}`, durationMs: state.turnMs } : null),
  onTimeout: (state, key) => {
    if (key !== `turn:${state.turn}`) return { ok: false, error: "GAME_OVER" };
    return { ok: true, state: { ...state, turn: state.turn + 1, timeouts: state.timeouts + 1 }, summary: { type: "timeout", seat: state.turn % 2 } };
  },
};

export const countdownGame = eraseGame(countdown);
