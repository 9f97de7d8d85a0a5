import type { Seat } from "../../engine/types";
import { freeIds, hasFreePair } from "./board";
import type { EndReason, MahjongState } from "./types";

/** A fresh turn for `seat`: pair counter, selection and hidden faces reset. */
export function startTurn(state: MahjongState, seat: Seat): MahjongState {
  return { ...state, turn: seat, turnNumber: state.turnNumber + 1, pairsThisTurn: 0, selected: null, facesHidden: false };
}

/** Whether the player to move has no free pair (they must shuffle). */
export function isStuck(state: MahjongState): boolean {
  return !hasFreePair(state.options.level, state.board);
}

/**
 * Applies the rules that follow any move: an empty board ends the game; with no free pair, a player
 * who has a shuffle left must use it, one who has none passes (automatically), and when neither can
 * move the game ends. A shuffle cannot help when fewer than two tiles are free (the places do not
 * change), so then nobody can move. Returns the settled state and the seats that passed.
 */
export function settle(state: MahjongState): { state: MahjongState; passed: Seat[] } {
  const { level } = state.options;
  if (state.board.every((f) => f === null)) return { state: finish(state, "cleared"), passed: [] };
  if (hasFreePair(level, state.board)) return { state, passed: [] };
  const freeCount = freeIds(level, state.board).size;
  const canShuffle = (seat: Seat): boolean => (state.shufflesLeft[seat] ?? 0) > 0 && freeCount >= 2;
  if (canShuffle(state.turn)) return { state, passed: [] };
  const other = (state.turn + 1) % state.scores.length;
  if (!canShuffle(other)) return { state: finish(state, "blocked"), passed: [] };
  return { state: startTurn(state, other), passed: [state.turn] };
}

function finish(state: MahjongState, endReason: EndReason): MahjongState {
  return { ...state, selected: null, facesHidden: false, finished: true, endReason }; // all faces up at the end
}
