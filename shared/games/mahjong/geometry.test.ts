import { describe, expect, it } from "vitest";
import { freeTiles, isFree } from "./geometry";
import { LAYOUTS, layoutSize } from "./layouts";
import { LEVEL_RULES } from "./rules";
import { LEVELS, type Place } from "./types";

const at = (x: number, y: number, z = 0): Place => ({ x, y, z });

describe("isFree on hand-made layouts (half-tile units: a tile spans x..x+1, y..y+1)", () => {
  const cases: { name: string; tiles: Place[]; tile: Place; free: boolean }[] = [
    { name: "a lone tile", tiles: [at(0, 0)], tile: at(0, 0), free: true },
    { name: "covered squarely", tiles: [at(0, 0), at(0, 0, 1)], tile: at(0, 0), free: false },
    { name: "the covering tile itself", tiles: [at(0, 0), at(0, 0, 1)], tile: at(0, 0, 1), free: true },
    { name: "covered by half a tile across", tiles: [at(0, 0), at(1, 0, 1)], tile: at(0, 0), free: false },
    { name: "covered by half a tile down", tiles: [at(0, 0), at(0, 1, 1)], tile: at(0, 0), free: false },
    { name: "covered by a quarter (corner)", tiles: [at(0, 0), at(1, 1, 1)], tile: at(0, 0), free: false },
    { name: "a tile above but beside it", tiles: [at(0, 0), at(2, 0, 1)], tile: at(0, 0), free: true },
    { name: "a tile above but below it on the page", tiles: [at(0, 0), at(0, 2, 1)], tile: at(0, 0), free: true },
    { name: "covered two layers up", tiles: [at(0, 0), at(0, 0, 2)], tile: at(0, 0), free: false },
    { name: "a left neighbour only", tiles: [at(0, 0), at(2, 0)], tile: at(2, 0), free: true },
    { name: "a right neighbour only", tiles: [at(0, 0), at(2, 0)], tile: at(0, 0), free: true },
    { name: "neighbours on both sides", tiles: [at(0, 0), at(2, 0), at(4, 0)], tile: at(2, 0), free: false },
    { name: "both sides, half a row off each way", tiles: [at(0, 1), at(2, 0), at(4, -1)], tile: at(2, 0), free: false },
    { name: "a side tile a full row off does not touch", tiles: [at(0, 2), at(2, 0), at(4, 0)], tile: at(2, 0), free: true },
    { name: "a gap of half a tile does not touch", tiles: [at(-1, 0), at(2, 0), at(4, 0)], tile: at(2, 0), free: true },
    { name: "side tiles on another layer do not count", tiles: [at(0, 0, 1), at(2, 0), at(4, 0)], tile: at(2, 0), free: true },
    { name: "a stacked row: top middle blocked by both sides", tiles: [at(0, 0, 1), at(2, 0, 1), at(4, 0, 1), at(2, 0)], tile: at(2, 0, 1), free: false },
  ];
  it.each(cases)("$name → free: $free", ({ tiles, tile, free }) => {
    expect(isFree(tiles, tile)).toBe(free);
  });

  it("freeTiles keeps the free ones in order", () => {
    // A row of three with a half-offset tile over the first two.
    const tiles = [at(0, 0), at(2, 0), at(4, 0), at(1, 0, 1)];
    expect(freeTiles(tiles)).toEqual([at(4, 0), at(1, 0, 1)]);
  });
});

describe("layouts", () => {
  it.each(LEVELS)("%s has 4 tiles per family, the seed's size and layers", (level) => {
    const layout = LAYOUTS[level];
    expect(layout).toHaveLength(LEVEL_RULES[level].families * 4);
    expect(layoutSize(layout).layers).toBe(level === "hard" ? 3 : 2);
    expect(layoutSize(layout).width).toBe(12); // six tiles across
  });

  it.each(LEVELS)("%s: no two tiles of a layer overlap and every upper tile rests on the layer below", (level) => {
    const layout = LAYOUTS[level];
    for (const [i, a] of layout.entries()) {
      for (const b of layout.slice(i + 1)) {
        if (a.z === b.z) expect(Math.abs(a.x - b.x) >= 2 || Math.abs(a.y - b.y) >= 2).toBe(true);
      }
      if (a.z > 0) expect(layout.some((b) => b.z === a.z - 1 && Math.abs(a.x - b.x) < 2 && Math.abs(a.y - b.y) < 2)).toBe(true);
    }
  });

  it("easy: the top tiles sit half a tile down, each on two rows of the base", () => {
    const top = LAYOUTS.easy.filter((p) => p.z === 1);
    expect(top.every((p) => p.y % 2 === 1)).toBe(true);
    expect(freeTiles(LAYOUTS.easy).filter((p) => p.z === 0)).toEqual(LAYOUTS.easy.filter((p) => p.z === 0 && (p.x === 0 || p.x === 10)));
  });
});
