import type { BotStrategy } from "../../../engine/types";
import type { HalmaMove, HalmaView } from "../types";
import { forwardTable } from "./board";
import { bestOf, candidatesFor, NO_MOVE, toHalmaMove } from "./pick";

/**
 * "Facile": greedy by forward distance. Plays the move that brings one piece the most towards its
 * goal corner (rows + columns gained), ties broken at random; it does not plan ladders, so it
 * leaves stragglers behind and wanders in the end game.
 */
export const easy: BotStrategy<HalmaView, HalmaMove> = {
  id: "easy",
  names: { fr: "Facile", en: "Easy" },
  decide(input) {
    const { board, moves } = candidatesFor(input, forwardTable(input.view.players, input.seat));
    const move = bestOf(moves, (m) => m.gain, input.random);
    return move === undefined ? NO_MOVE : toHalmaMove(board, move);
  },
};
