import { toTile } from "../tiles";
import type { Placement, QwirkleMove, Tile } from "../types";

/** A placement move; cells are copied so a bot never hands out its own arrays. */
export function placeMove(placements: readonly Placement[]): QwirkleMove {
  return { type: "place", placements: placements.map((p) => ({ row: p.row, col: p.col, shape: p.shape, color: p.color })) };
}

/** An exchange move of exactly these tiles (the caller checks they are in hand and the bag is big enough). */
export function exchangeMove(tiles: readonly Tile[]): QwirkleMove {
  return { type: "exchange", tiles: tiles.map(toTile) };
}

export const PASS: QwirkleMove = { type: "pass" };
