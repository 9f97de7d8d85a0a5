import { HAND_SIZE } from "../tiles";
import { COLORS, type Tile } from "../types";
import { tileCode, TILE_KINDS, type Knowledge } from "./knowledge";

/** What a hand is worth for the turns to come, in points. */
export interface LeaveWeights {
  readonly synergy: readonly number[]; // by the number of distinct tiles sharing one colour (or one shape): 0..6
  readonly duplicate: number; // per extra copy of a tile: two identical tiles never share a line
}

/**
 * A full hand's potential: for each colour and each shape, the worth of the distinct tiles sharing
 * it (three red tiles can make a line of three, and score again across), minus its duplicates.
 */
export function handQuality(codes: readonly number[], w: LeaveWeights): number {
  const byColor = new Array<number>(COLORS.length).fill(0);
  const byShape = new Array<number>(COLORS.length).fill(0);
  const copies = new Array<number>(TILE_KINDS).fill(0);
  let duplicates = 0;
  for (const code of codes) {
    copies[code] = (copies[code] ?? 0) + 1;
    if ((copies[code] ?? 0) > 1) {
      duplicates++;
      continue;
    }
    const shape = Math.floor(code / COLORS.length);
    const color = code % COLORS.length;
    byColor[color] = (byColor[color] ?? 0) + 1;
    byShape[shape] = (byShape[shape] ?? 0) + 1;
  }
  let value = -duplicates * w.duplicate;
  for (const n of byColor) value += w.synergy[n] ?? 0;
  for (const n of byShape) value += w.synergy[n] ?? 0;
  return value;
}

/**
 * Values what a move leaves in hand: the average quality of the hand after drawing, over a few
 * sample draws from the unseen tiles. Every leave is completed with the same samples (common random
 * numbers), so two leaves are compared on the same luck and the noise mostly cancels out.
 */
export class LeaveValuer {
  private readonly draws: number[][];
  private readonly cache = new Map<string, number>();

  constructor(
    private readonly k: Knowledge,
    private readonly weights: LeaveWeights,
    random: () => number,
    samples: number,
  ) {
    const pool: number[] = [];
    k.unseen.forEach((copies, code) => {
      for (let i = 0; i < copies; i++) pool.push(code);
    });
    const take = Math.min(HAND_SIZE, pool.length);
    this.draws = Array.from({ length: k.bagCount > 0 ? samples : 0 }, () => {
      // A partial Fisher–Yates shuffle: the first `take` cells end up a uniform sample.
      const bag = pool.slice();
      for (let i = 0; i < take; i++) {
        const j = i + Math.floor(random() * (bag.length - i));
        [bag[i], bag[j]] = [bag[j] ?? 0, bag[i] ?? 0];
      }
      return bag.slice(0, take);
    });
  }

  /** The expected quality of `leave` once refilled from the bag (as far as the bag goes). */
  value(leave: readonly Tile[]): number {
    const codes = leave.map(tileCode).sort((a, b) => a - b);
    const key = codes.join(",");
    const cached = this.cache.get(key);
    if (cached !== undefined) return cached;
    const refill = Math.min(HAND_SIZE - codes.length, this.k.bagCount);
    let value: number;
    if (refill <= 0 || this.draws.length === 0) value = handQuality(codes, this.weights);
    else {
      let sum = 0;
      for (const draw of this.draws) sum += handQuality([...codes, ...draw.slice(0, refill)], this.weights);
      value = sum / this.draws.length;
    }
    this.cache.set(key, value);
    return value;
  }
}
