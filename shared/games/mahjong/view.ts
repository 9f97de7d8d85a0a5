import { splitView } from "../../engine/splitView";
import type { Seat } from "../../engine/types";
import { freeIds, tilesOf } from "./board";
import { LAYOUTS, layoutSize } from "./layouts";
import { LEVEL_RULES, pairPoints } from "./rules";
import { isStuck } from "./turn";
import type { MahjongState, MahjongView } from "./types";

/**
 * What `seat` (or a spectator, null) sees — the same for everyone, as nothing is private to a seat.
 * Hidden faces (hard level, after the turn's first pair) are replaced by null except the selected
 * tile's; the RNG is never included. Built field by field so no state field leaks by accident.
 */
export const { view: viewFor, viewParts } = splitView<MahjongState, Omit<MahjongView, "seat">, Pick<MahjongView, "seat">>({
  shared: (state) => {
    const level = state.options.level;
    const tiles = tilesOf(level, state.board);
    const free = freeIds(level, state.board);
    const layout = LAYOUTS[level];
    return {
      options: { level },
      size: layoutSize(layout),
      families: state.families.slice(),
      tiles: tiles.map((t) => ({
        id: t.id,
        x: t.x,
        y: t.y,
        z: t.z,
        family: state.facesHidden && state.selected !== t.id ? null : t.family,
        free: free.has(t.id),
        selected: state.selected === t.id,
      })),
      totalTiles: layout.length,
      scores: state.scores.slice(),
      shufflesLeft: state.shufflesLeft.slice(),
      turn: state.turn,
      turnNumber: state.turnNumber,
      turnMs: LEVEL_RULES[level].turnMs,
      pairsThisTurn: state.pairsThisTurn,
      nextPairPoints: pairPoints(state.pairsThisTurn + 1),
      selected: state.selected,
      facesHidden: state.facesHidden,
      stuck: !state.finished && isStuck(state),
      moveCount: state.moveCount,
      lastMove: state.lastMove,
      finished: state.finished,
      endReason: state.endReason,
    };
  },
  own: (state, seat: Seat | null) => ({ seat: seat !== null && seat >= 0 && seat < state.scores.length ? seat : null }),
});
