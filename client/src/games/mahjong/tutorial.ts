import { covers, isFree, pairPoints, type Family, type Place } from "../../../../shared/games/mahjong";
import type { FieldTile } from "./layout";

// The demo mode's boards and rules: a tiny client-side game on hard-coded boards, using the engine's
// own free-tile rule (isFree) and pair values (pairPoints). Nothing here talks to the server.

export interface TutorialTile extends Place {
  readonly id: number;
  readonly family: Family;
}

/** A tutorial board: the tiles left, the selection and this turn's pairs. */
export interface TutorialBoard {
  readonly tiles: readonly TutorialTile[];
  readonly selected: number | null;
  readonly pairs: number; // pairs removed in this (single) turn
  readonly score: number;
  readonly facesHidden: boolean; // the hard-level demo: faces down unless selected
}

/** What a tap did, for the explanation under the board. */
export type TapEvent =
  | { readonly kind: "covered" | "sides" | "first" | "deselect" | "switch" }
  | { readonly kind: "pair"; readonly points: number; readonly removed: readonly TutorialTile[] };

export const TUTORIAL_STEPS = ["welcome", "free", "pair", "score", "timer", "shuffle", "hard", "end"] as const;
export type TutorialStep = (typeof TUTORIAL_STEPS)[number];

const tile = (id: number, x: number, y: number, z: number, family: Family): TutorialTile => ({ id, x, y, z, family });

/**
 * Ten tiles: two rows of four, a tile on top straddling the middle four (half offsets), and one at
 * the right end set half a row down, so it blocks the right end of both rows. Free at the start:
 * the top tile, both left ends and the right tile: dates, mint tea, mint tea, dates. Removing the
 * dates, then the mint teas, then the tajines (or lanterns) makes the 10 / 20 / 40 of one turn.
 */
export const MAIN_BOARD: readonly TutorialTile[] = [
  tile(0, 0, 0, 0, "dates"),
  tile(1, 2, 0, 0, "tajine"),
  tile(2, 4, 0, 0, "olives"),
  tile(3, 6, 0, 0, "tajine"),
  tile(4, 0, 2, 0, "mint-tea"),
  tile(5, 2, 2, 0, "lantern"),
  tile(6, 4, 2, 0, "olives"),
  tile(7, 6, 2, 0, "lantern"),
  tile(8, 8, 1, 0, "mint-tea"),
  tile(9, 3, 1, 1, "dates"),
];

/** A row of four whose free ends do not match: stuck until a shuffle. */
export const STUCK_BOARD: readonly TutorialTile[] = [tile(0, 0, 0, 0, "egg"), tile(1, 2, 0, 0, "fez"), tile(2, 4, 0, 0, "egg"), tile(3, 6, 0, 0, "fez")];
/** The same places after the tutorial's shuffle: the free ends are now two eggs. */
export const SHUFFLED_FAMILIES: readonly Family[] = ["egg", "fez", "fez", "egg"];

/** Four tiles apart from each other (all free), face down as on the hard level after a pair. */
export const HIDDEN_BOARD: readonly TutorialTile[] = [tile(0, 0, 0, 0, "oranges"), tile(1, 4, 0, 0, "drum"), tile(2, 0, 2, 0, "drum"), tile(3, 4, 2, 0, "oranges")];

export function newBoard(tiles: readonly TutorialTile[], facesHidden = false): TutorialBoard {
  return { tiles, selected: null, pairs: 0, score: 0, facesHidden };
}

/** The board as the tile field draws it: free flags by the engine's rule, hidden faces as null. */
export function fieldTiles(board: TutorialBoard): FieldTile[] {
  return board.tiles.map((t) => ({
    id: t.id,
    x: t.x,
    y: t.y,
    z: t.z,
    family: board.facesHidden && board.selected !== t.id ? null : t.family,
    free: isFree(board.tiles, t),
    selected: board.selected === t.id,
  }));
}

/** Whether two free tiles share a family. */
export function hasFreePair(board: TutorialBoard): boolean {
  const free = board.tiles.filter((t) => isFree(board.tiles, t));
  return free.some((a, i) => free.some((b, j) => j > i && a.family === b.family));
}

/** One tap, by the game's rules: blocked tiles are refused with the reason; a match removes the pair. */
export function tap(board: TutorialBoard, id: number): { board: TutorialBoard; event: TapEvent } | null {
  const picked = board.tiles.find((t) => t.id === id);
  if (picked === undefined) return null;
  if (!isFree(board.tiles, picked)) {
    const covered = board.tiles.some((other) => covers(other, picked));
    return { board, event: { kind: covered ? "covered" : "sides" } };
  }
  if (board.selected === id) return { board: { ...board, selected: null }, event: { kind: "deselect" } };
  const first = board.tiles.find((t) => t.id === board.selected);
  if (first === undefined) return { board: { ...board, selected: id }, event: { kind: "first" } };
  if (first.family !== picked.family) return { board: { ...board, selected: id }, event: { kind: "switch" } };
  const pairs = board.pairs + 1;
  const points = pairPoints(pairs);
  const next: TutorialBoard = {
    ...board,
    tiles: board.tiles.filter((t) => t.id !== first.id && t.id !== id),
    selected: null,
    pairs,
    score: board.score + points,
  };
  return { board: next, event: { kind: "pair", points, removed: [first, picked] } };
}

/** The tutorial's shuffle of the stuck row: the same places, faces moved so the free ends match. */
export function shuffleStuck(board: TutorialBoard): TutorialBoard {
  return { ...board, selected: null, tiles: board.tiles.map((t, i) => ({ ...t, family: SHUFFLED_FAMILIES[i] ?? t.family })) };
}
