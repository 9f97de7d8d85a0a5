import type { BotStrategy } from "../../../engine/types";
import type { HalmaMove, HalmaView } from "../types";
import { bestGain, forwardTable, play, undo, wins } from "./board";
import { bestOf, candidatesFor, NO_MOVE, toHalmaMove } from "./pick";

/** How much the best follow-up counts against the move itself: a ladder kept is worth half a move. */
const FOLLOW_UP = 0.5;

/**
 * "Moyen": greedy with a look at jump chains. Each move is worth its forward gain plus half the best
 * gain its own pieces would have next turn, so it builds and keeps ladders (the seed's advice) and
 * prefers long chains; it takes a winning move at once.
 */
export const medium: BotStrategy<HalmaView, HalmaMove> = {
  id: "medium",
  names: { fr: "Moyen", en: "Medium" },
  decide(input) {
    const cost = forwardTable(input.view.players, input.seat);
    const { board, seat, moves } = candidatesFor(input, cost);
    const move = bestOf(
      moves,
      (m) => {
        play(board, seat, m);
        const value = wins(board, seat) ? Infinity : m.gain + FOLLOW_UP * bestGain(board, seat, cost);
        undo(board, seat, m);
        return value;
      },
      input.random,
    );
    return move === undefined ? NO_MOVE : toHalmaMove(board, move);
  },
};
