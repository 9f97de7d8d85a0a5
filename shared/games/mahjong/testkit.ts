// Helpers shared by this folder's tests: hand-built boards and states. Pure and tiny, so it compiles
// with the engine; nothing outside the tests imports it.
import { LAYOUTS } from "./layouts";
import { SHUFFLES_PER_PLAYER } from "./rules";
import type { Family, Level, MahjongState } from "./types";

/** A board of `level` with only the given place ids occupied. */
export function boardWith(level: Level, faces: Readonly<Record<number, Family>>): (Family | null)[] {
  return LAYOUTS[level].map((_, id) => faces[id] ?? null);
}

/** A hand-built state: seat 0 to play turn 1, scores 0, three shuffles each unless told. */
export function makeState(level: Level, faces: Readonly<Record<number, Family>>, parts: Partial<MahjongState> = {}): MahjongState {
  const board = boardWith(level, faces);
  return {
    options: { level },
    families: [...new Set(board.filter((f): f is Family => f !== null))],
    board,
    rng: [1, 2, 3, 4],
    scores: [0, 0],
    shufflesLeft: [SHUFFLES_PER_PLAYER, SHUFFLES_PER_PLAYER],
    turn: 0,
    turnNumber: 1,
    pairsThisTurn: 0,
    selected: null,
    facesHidden: false,
    seen: [],
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
    ...parts,
  };
}
