import { splitView } from "../../engine/splitView";
import type { Seat } from "../../engine/types";
import { COPIES_PER_TILE } from "./tiles";
import { COLORS, SHAPES, type QwirkleState, type QwirkleView } from "./types";

type OwnView = Pick<QwirkleView, "seat" | "hand">;
type SharedView = Omit<QwirkleView, keyof OwnView>;

/**
 * What `seat` may see: its own hand, every hand's size, the bag's size, never the bag's order or
 * the Rng. A spectator (null) or an unknown seat gets no hand. Arrays are copied so a view never
 * shares memory with the state.
 */
export const { view: viewFor, viewParts } = splitView<QwirkleState, SharedView, OwnView>({
  shared: (state) => ({
    options: { ...state.options },
    board: state.board.map((p) => ({ row: p.row, col: p.col, shape: p.shape, color: p.color })),
    handCounts: state.hands.map((h) => h.length),
    bagCount: state.bag.length,
    scores: state.scores.slice(),
    turn: state.turn,
    moveCount: state.moveCount,
    lastMove: state.lastMove,
    finished: state.finished,
    endReason: state.endReason,
    totalTiles: COPIES_PER_TILE[state.options.mode] * SHAPES.length * COLORS.length,
  }),
  own: (state, seat: Seat | null) => {
    const own = seat === null ? undefined : state.hands[seat];
    return { seat: own === undefined ? null : seat, hand: own === undefined ? null : own.map((t) => ({ shape: t.shape, color: t.color })) };
  },
});
