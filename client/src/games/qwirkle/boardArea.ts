import type { Bounds, Placement } from "../../../../shared/games/qwirkle";

/** The rectangle of cells drawn on screen, inclusive on both ends. */
export interface Area {
  readonly top: number;
  readonly left: number;
  readonly bottom: number;
  readonly right: number;
}

/** Empty cells shown around the tiles on the open board, so every legal cell can be reached. */
export const OPEN_MARGIN = 2;

/**
 * What to draw: the whole board when it has edges; otherwise the bounding box of the tiles
 * (placed and tentative) plus a margin, which grows as the game spreads.
 */
export function visibleArea(bounds: Bounds | null, tiles: readonly Pick<Placement, "row" | "col">[]): Area {
  if (bounds !== null) return { top: 0, left: 0, bottom: bounds.rows - 1, right: bounds.cols - 1 };
  if (tiles.length === 0) return { top: -OPEN_MARGIN, left: -OPEN_MARGIN, bottom: OPEN_MARGIN, right: OPEN_MARGIN };
  const rows = tiles.map((t) => t.row);
  const cols = tiles.map((t) => t.col);
  return {
    top: Math.min(...rows) - OPEN_MARGIN,
    left: Math.min(...cols) - OPEN_MARGIN,
    bottom: Math.max(...rows) + OPEN_MARGIN,
    right: Math.max(...cols) + OPEN_MARGIN,
  };
}

export function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let i = from; i <= to; i++) out.push(i);
  return out;
}

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** The seed's axis label (a = 0), or the number itself where the notation has no letter (open board). */
export function axisLabel(index: number): string {
  return LETTERS[index] ?? String(index);
}
