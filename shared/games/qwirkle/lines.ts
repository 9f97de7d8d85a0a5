import { sameTile } from "./tiles";
import type { QwirkleError, Tile } from "./types";

/** The longest legal line: six shapes (or six colours), no repeats. */
export const MAX_LINE = 6;

/** Bonus for completing a line of six (a Qwirkle), and for ending the game by emptying one's hand. */
export const QWIRKLE_BONUS = 6;
export const END_BONUS = 6;

/** The errors a single line can have. */
export type LineError = Extract<QwirkleError, "LINE_TOO_LONG" | "LINE_MIXED" | "DUPLICATE_IN_LINE">;

/**
 * Why a run of touching tiles is not a legal line, or null when it is: at most six tiles, all one
 * colour or all one shape, and no tile twice. Length is checked first because a run of seven is
 * necessarily also mixed or repeated, and "too long" is the clearer message.
 */
export function lineError(tiles: readonly Tile[]): LineError | null {
  if (tiles.length > MAX_LINE) return "LINE_TOO_LONG";
  const first = tiles[0];
  if (first === undefined) return null;
  // Plain loops, not Sets: this runs in the bots' inner search on at most seven tiles.
  let oneColor = true;
  let oneShape = true;
  for (const t of tiles) {
    if (t.color !== first.color) oneColor = false;
    if (t.shape !== first.shape) oneShape = false;
  }
  if (!oneColor && !oneShape) return "LINE_MIXED";
  // Within a one-colour line, two tiles of one shape are the same tile (and vice versa).
  for (let i = 0; i < tiles.length; i++) {
    for (let j = i + 1; j < tiles.length; j++) {
      if (sameTile(tiles[i] ?? first, tiles[j] ?? first)) return "DUPLICATE_IN_LINE";
    }
  }
  return null;
}
