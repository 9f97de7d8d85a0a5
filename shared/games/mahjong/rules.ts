import type { Millis } from "../../engine/types";
import type { Level, ShuffleKind } from "./types";

export const SEATS = 2;
export const SHUFFLES_PER_PLAYER = 3;
export const FIRST_PAIR_POINTS = 10;

/** What each level changes: families in play, turn time, shuffle kind, faces hidden after a pair. */
export interface LevelRules {
  readonly families: number; // 4 tiles each: 36 or 56 tiles
  readonly turnMs: Millis;
  readonly shuffle: ShuffleKind;
  readonly hidesFaces: boolean;
}

export const LEVEL_RULES: Readonly<Record<Level, LevelRules>> = {
  easy: { families: 9, turnMs: 15_000, shuffle: "random", hidesFaces: false },
  medium: { families: 14, turnMs: 20_000, shuffle: "bonshuffle", hidesFaces: false },
  hard: { families: 14, turnMs: 25_000, shuffle: "bonshuffle", hidesFaces: true },
};

/** Points for the `n`-th pair of a turn (1-based): 10, 20, 40, 80… */
export function pairPoints(n: number): number {
  return FIRST_PAIR_POINTS * 2 ** (n - 1);
}
