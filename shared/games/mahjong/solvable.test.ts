import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { tilesOf } from "./board";
import { bonshuffle, randomShuffle } from "./deal";
import { randomPosition } from "./fuzzkit";
import { mahjong } from "./game";
import { LAYOUTS } from "./layouts";
import { solve } from "./solver";
import { boardWith } from "./testkit";
import { LEVELS, type Family } from "./types";

// ---- An independent oracle: its own free-tile test and a plain exhaustive search, no shortcuts. ----

interface T {
  readonly x: number;
  readonly y: number;
  readonly z: number;
  readonly family: string;
}

function oracleFree(all: readonly T[], live: readonly number[], i: number): boolean {
  const t = all[i] as T;
  let left = false;
  let right = false;
  for (const j of live) {
    if (j === i) continue;
    const o = all[j] as T;
    const overlapX = o.x < t.x + 2 && t.x < o.x + 2;
    const overlapY = o.y < t.y + 2 && t.y < o.y + 2;
    if (o.z > t.z && overlapX && overlapY) return false;
    if (o.z === t.z && overlapY && o.x + 2 === t.x) left = true;
    if (o.z === t.z && overlapY && t.x + 2 === o.x) right = true;
  }
  return !(left && right);
}

/** Whether `tiles` can be cleared: tries every free same-family pair, remembering every position seen. */
function oracleSolvable(tiles: readonly T[]): boolean {
  const memo = new Map<string, boolean>();
  const go = (live: number[]): boolean => {
    if (live.length === 0) return true;
    const key = live.join(",");
    const known = memo.get(key);
    if (known !== undefined) return known;
    const free = live.filter((i) => oracleFree(tiles, live, i));
    let ok = false;
    for (let a = 0; a < free.length && !ok; a++) {
      for (let b = a + 1; b < free.length && !ok; b++) {
        const [i, j] = [free[a] as number, free[b] as number];
        if ((tiles[i] as T).family === (tiles[j] as T).family) ok = go(live.filter((k) => k !== i && k !== j));
      }
    }
    memo.set(key, ok);
    return ok;
  };
  return go(tiles.map((_, i) => i));
}

/** Checks a removal order step by step with the oracle's rule. */
function orderIsValid(tiles: readonly T[], order: readonly (readonly [number, number])[]): boolean {
  let live = tiles.map((_, i) => i);
  for (const [i, j] of order) {
    if (i === j || !live.includes(i) || !live.includes(j)) return false;
    if ((tiles[i] as T).family !== (tiles[j] as T).family) return false;
    if (!oracleFree(tiles, live, i) || !oracleFree(tiles, live, j)) return false;
    live = live.filter((k) => k !== i && k !== j);
  }
  return live.length === 0;
}

const facesOf = (level: (typeof LEVELS)[number], board: readonly (Family | null)[]): T[] => tilesOf(level, board);

describe("solve, against the oracle", () => {
  it("solves a row A B B A and refuses A B A B", () => {
    const row = (faces: string): T[] => [...faces].map((family, i) => ({ x: 2 * i, y: 0, z: 0, family }));
    const order = solve(row("ABBA"));
    expect(order).not.toBeNull();
    expect(orderIsValid(row("ABBA"), order ?? [])).toBe(true);
    expect(solve(row("ABAB"))).toBeNull();
    expect(oracleSolvable(row("ABAB"))).toBe(false);
  });

  it("refuses a last pair stacked on itself, and an odd family", () => {
    expect(solve([{ x: 0, y: 0, z: 0, family: "A" }, { x: 1, y: 1, z: 1, family: "A" }])).toBeNull();
    expect(solve([{ x: 0, y: 0, z: 0, family: "A" }, { x: 4, y: 0, z: 0, family: "A" }, { x: 8, y: 0, z: 0, family: "A" }])).toBeNull();
    expect(solve([])).toEqual([]);
  });

  it("agrees with the oracle on random small boards, and its orders are valid", () => {
    const tile = fc.record({ x: fc.integer({ min: 0, max: 8 }), y: fc.integer({ min: 0, max: 4 }), z: fc.integer({ min: 0, max: 2 }) });
    fc.assert(
      fc.property(fc.uniqueArray(tile, { minLength: 2, maxLength: 14, selector: (t) => `${t.x},${t.y},${t.z}` }), fc.integer(), (places, seed) => {
        const even = places.slice(0, places.length - (places.length % 2));
        const rng = new Rng(seedRng(String(seed)));
        const families = rng.shuffle(even.map((_, i) => "ABCD"[Math.floor(i / 2) % 4] as string));
        const tiles = even.map((p, i) => ({ ...p, family: families[i] as string }));
        const order = solve(tiles);
        expect(order !== null).toBe(oracleSolvable(tiles));
        if (order !== null) expect(orderIsValid(tiles, order)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });
});

describe("boards are solvable, checked by the oracle", () => {
  it.each(LEVELS)("the initial %s deal, over many seeds", (level) => {
    for (let i = 0; i < 12; i++) {
      const state = mahjong.setup({ level }, 2, `deal-${i}`);
      const tiles = facesOf(level, state.board);
      expect(tiles).toHaveLength(LAYOUTS[level].length);
      expect(oracleSolvable(tiles)).toBe(true);
      const counts = new Map<string, number>();
      for (const t of tiles) counts.set(t.family, (counts.get(t.family) ?? 0) + 1);
      expect([...counts.values()].every((n) => n === 4)).toBe(true);
    }
  });

  it.each(["medium", "hard"] as const)("Bonshuffle on %s positions from random play", (level) => {
    for (let i = 0; i < 12; i++) {
      const state = randomPosition(`bon-${i}`, { level }, 10 + 7 * i);
      const shuffled = bonshuffle(state.board, LAYOUTS[level], new Rng(seedRng(`bon-${i}`)));
      expect(shuffled.board.map((f) => f === null)).toEqual(state.board.map((f) => f === null)); // same places
      expect(shuffled.board.filter((f) => f !== null).sort()).toEqual(state.board.filter((f) => f !== null).sort()); // same faces
      const solvable = oracleSolvable(facesOf(level, shuffled.board));
      expect(solvable).toBe(true);
      expect(shuffled.solvable).toBe(true);
    }
  });

  it("Bonshuffle cannot save two stacked tiles, says so, and keeps the faces", () => {
    // Hard layout: place 52 (top layer, x4 y4) lies on 41 (middle, x4 y4), which lies on the base.
    const board = boardWith("hard", { 41: "egg", 52: "egg" });
    const shuffled = bonshuffle(board, LAYOUTS.hard, new Rng(seedRng("stacked")));
    expect(shuffled).toEqual({ board, solvable: false });
  });

  it("a random shuffle keeps the places and the faces", () => {
    const state = mahjong.setup({ level: "easy" }, 2, "random-shuffle");
    const shuffled = randomShuffle(state.board, new Rng(seedRng("r")));
    expect(shuffled.solvable).toBeNull();
    expect(shuffled.board.slice().sort()).toEqual(state.board.slice().sort());
    expect(shuffled.board).not.toEqual(state.board);
  });
});
