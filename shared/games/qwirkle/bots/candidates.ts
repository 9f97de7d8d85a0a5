import { indexBoard } from "../board";
import { enumeratePlacements } from "../enumerate";
import { END_BONUS } from "../lines";
import { scoreOnIndex } from "../score";
import { removeTiles } from "../tiles";
import type { Placement, Tile } from "../types";
import type { Knowledge } from "./knowledge";

/** One legal placement with what it earns now and what it leaves in hand. */
export interface Candidate {
  readonly placements: readonly Placement[];
  readonly points: number; // lines and Qwirkles, plus the end bonus when it empties the hand for good
  readonly qwirkles: number;
  readonly leave: readonly Tile[]; // the hand after the move, before drawing
  readonly goesOut: boolean; // empties the hand with the bag empty: the game ends at once
}

/**
 * Every legal placement (enumeratePlacements is complete), scored. The board is indexed once for all
 * of them: scoring is the bulk of a greedy bot's time.
 */
export function candidatesOf(k: Knowledge): Candidate[] {
  const index = indexBoard(k.board);
  const out: Candidate[] = [];
  for (const placements of enumeratePlacements(k.board, k.hand, k.bounds)) {
    const scored = scoreOnIndex(index, placements);
    const leave = removeTiles(k.hand, placements);
    // enumeratePlacements only lists legal moves; a refusal here would be an engine bug, so skip it.
    if (!scored.ok || leave === null) continue;
    const goesOut = leave.length === 0 && k.bagCount === 0;
    out.push({
      placements,
      points: scored.points + (goesOut ? END_BONUS : 0),
      qwirkles: scored.lines.filter((line) => line.qwirkle).length,
      leave,
      goesOut,
    });
  }
  return out;
}

/** The items with the greatest `value`; `random` breaks ties so equal moves are not always the first listed. */
export function pickBest<T>(items: readonly T[], value: (item: T) => number, random: () => number): T | undefined {
  let best: T[] = [];
  let bestValue = -Infinity;
  for (const item of items) {
    const v = value(item);
    if (v > bestValue + 1e-9) {
      best = [item];
      bestValue = v;
    } else if (v >= bestValue - 1e-9) best.push(item);
  }
  return best[Math.floor(random() * best.length)];
}

/** An item drawn at random with probability proportional to `weight`; undefined when there are none. */
export function pickWeighted<T>(items: readonly T[], weight: (item: T) => number, random: () => number): T | undefined {
  const weights = items.map(weight);
  let r = random() * weights.reduce((a, b) => a + b, 0);
  for (const [i, w] of weights.entries()) {
    r -= w;
    if (r < 0) return items[i];
  }
  // Rounding can leave r a hair above zero after the last weight.
  return items[items.length - 1];
}
