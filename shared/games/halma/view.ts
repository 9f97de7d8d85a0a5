import { splitView } from "../../engine/splitView";
import type { Seat } from "../../engine/types";
import { SIZE } from "./board";
import { campCells, cornerOf, goalSeatOf } from "./camps";
import { homeCount, MAX_ROUNDS, totalDistance } from "./rules";
import type { HalmaState, HalmaView } from "./types";

/**
 * What `seat` (or a spectator, null) sees: the whole board, since Halma hides nothing, plus what a
 * board needs to draw it (camps, goals, corners) and the counters shown beside it. Built field by
 * field with copied arrays, so a view never shares memory with the state. An unknown seat is
 * treated as a spectator.
 */
export const { view: viewFor, viewParts } = splitView<HalmaState, Omit<HalmaView, "seat">, Pick<HalmaView, "seat">>({
  shared: (state) => {
    const seats = state.pieces.map((_, s) => s);
    return {
      players: state.players,
      size: SIZE,
      pieces: state.pieces.map((cells) => cells.map((c) => ({ row: c.row, col: c.col }))),
      corners: seats.map((s) => cornerOf(state.players, s)),
      camps: seats.map((s) => campCells(state.players, s)),
      goals: seats.map((s) => goalSeatOf(state.players, s)),
      homeCounts: seats.map((s) => homeCount(state.players, s, state.pieces[s] ?? [])),
      distances: seats.map((s) => totalDistance(state.players, s, state.pieces[s] ?? [])),
      turn: state.turn,
      round: state.round,
      maxRounds: MAX_ROUNDS,
      moveCount: state.moveCount,
      lastMove: state.lastMove,
      finished: state.finished,
      endReason: state.endReason,
      winners: state.winners.slice(),
    };
  },
  own: (state, seat: Seat | null) => ({ seat: seat !== null && seat >= 0 && seat < state.pieces.length ? seat : null }),
});
