import type { Seat } from "../../engine/types";
import type { Family, MahjongState } from "./types";

/**
 * What a computer player remembers (the game's `botMemory`): the faces of the tiles selected since
 * the last shuffle that are still on the board. Every seat was shown each of them while it was
 * selected; on the hard level the view hides them again once the turn's first pair is removed, and
 * the public log does not name them (a face turned back down must not stay readable there).
 */
export interface MahjongBotMemory {
  readonly faces: readonly (readonly [number, Family])[];
}

export function botMemoryFor(state: MahjongState, _seat: Seat): MahjongBotMemory {
  const faces: [number, Family][] = [];
  for (const id of state.seen ?? []) {
    const family = state.board[id];
    if (family !== undefined && family !== null) faces.push([id, family]);
  }
  return { faces };
}
