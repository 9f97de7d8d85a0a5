// Helpers shared by this folder's tests: hand-built boards and states. Pure and tiny, so it compiles
// with the engine; nothing outside the tests imports it.
import { LAYOUTS } from "./layouts";
import { startingState } from "./setup";
import type { Family, Level, MahjongState } from "./types";

/** A board of `level` with only the given place ids occupied. */
export function boardWith(level: Level, faces: Readonly<Record<number, Family>>): (Family | null)[] {
  return LAYOUTS[level].map((_, id) => faces[id] ?? null);
}

/** A hand-built state: seat 0 to play turn 1, scores 0, three shuffles each unless told. */
export function makeState(level: Level, faces: Readonly<Record<number, Family>>, parts: Partial<MahjongState> = {}): MahjongState {
  const board = boardWith(level, faces);
  const families = [...new Set(board.filter((f): f is Family => f !== null))];
  return { ...startingState(level, families, board, [1, 2, 3, 4]), ...parts };
}
