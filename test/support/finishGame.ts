import { z } from "zod";
import { eraseGame } from "../../shared/engine/erase";
import type { GameDefinition } from "../../shared/engine/types";

/**
 * A tiny game for platform tests of what happens when a game finishes (ratings): two seats; seat 0's
 * one move ends the game with the ranks it names (1 = first, equal ranks a tie).
 */
interface FinishState {
  readonly ranks: readonly number[] | null; // null while the game is on
}
type FinishMove = { readonly type: "finish"; readonly ranks: readonly number[] };

const finish: GameDefinition<Record<string, never>, FinishState, FinishMove, FinishState, "NOT_YOUR_TURN" | "GAME_OVER"> = {
  id: "finish",
  names: { fr: "Fin", en: "Finish" },
  minSeats: 2,
  maxSeats: 2,
  optionsSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  moveSchema: z.object({ type: z.literal("finish"), ranks: z.array(z.number().int().min(1).max(2)).length(2) }).strict(),
  setup: () => ({ ranks: null }),
  apply: (state, seat, move) => {
    if (state.ranks !== null) return { ok: false, error: "GAME_OVER" };
    if (seat !== 0) return { ok: false, error: "NOT_YOUR_TURN" };
    return { ok: true, state: { ranks: move.ranks }, summary: { type: "finish", seat } };
  },
  view: (state) => state,
  legalMoves: (state, seat) => (state.ranks === null && seat === 0 ? [{ type: "finish", ranks: [1, 2] }] : []),
  currentSeats: (state) => (state.ranks === null ? [0] : []),
  outcome: (state) =>
    state.ranks === null
      ? { finished: false, scores: [0, 0], winners: [], ranks: [1, 1] }
      : { finished: true, scores: state.ranks.map((rank) => -rank), winners: state.ranks.flatMap((rank, seat) => (rank === 1 ? [seat] : [])), ranks: [...state.ranks] },
  bots: [],
};

export const finishGame = eraseGame(finish);
