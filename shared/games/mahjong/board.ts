import { blockingOf, freeAmong, type Blocking } from "./geometry";
import { LAYOUTS } from "./layouts";
import { LEVELS, type Family, type Level, type Place } from "./types";

/** A tile on the board: its place id, place and face. */
export interface BoardTile extends Place {
  readonly id: number;
  readonly family: Family;
}

type Board = readonly (Family | null)[];

/** Who blocks whom on each level's layout, computed once: every move asks which tiles are free. */
const BLOCKING = new Map<Level, Blocking>(LEVELS.map((level) => [level, blockingOf(LAYOUTS[level])]));

/** The tiles still on `board`, by place id, with their places on the level's layout. */
export function tilesOf(level: Level, board: Board): BoardTile[] {
  const layout = LAYOUTS[level];
  return board.flatMap((family, id) => {
    const place = layout[id];
    return family === null || place === undefined ? [] : [{ id, x: place.x, y: place.y, z: place.z, family }];
  });
}

/** The place ids of the free tiles (the same answer as `isFree`, through the layout's precomputed blocking). */
export function freeIds(level: Level, board: Board): Set<number> {
  const blocking = BLOCKING.get(level) ?? blockingOf(LAYOUTS[level]);
  const present = board.map((f) => f !== null);
  const free = new Set<number>();
  board.forEach((f, id) => {
    if (f !== null && freeAmong(blocking, present, id)) free.add(id);
  });
  return free;
}

/** Whether two free tiles share a family: the player to move can remove a pair. */
export function hasFreePair(level: Level, board: Board): boolean {
  const seen = new Set<Family>();
  for (const id of freeIds(level, board)) {
    const family = board[id];
    if (family === null || family === undefined) continue;
    if (seen.has(family)) return true;
    seen.add(family);
  }
  return false;
}
