import { describe, expect, it } from "vitest";
import { LAYOUTS, layoutSize } from "../../../../shared/games/mahjong";
import { fitBoard, MAX_TILE_PX, MIN_TILE_PX, paintOrder, tileRect } from "./layout";

describe("board geometry", () => {
  it.each(["easy", "medium", "hard"] as const)("fits the %s board in a phone's width", (level) => {
    const size = layoutSize(LAYOUTS[level]);
    const geometry = fitBoard(size, 350);
    expect(geometry.width).toBeLessThanOrEqual(350);
    expect(geometry.tileWidth).toBeGreaterThanOrEqual(44); // still a finger's tap target
    for (const place of LAYOUTS[level]) {
      const rect = tileRect(place, geometry);
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.top).toBeGreaterThanOrEqual(0);
      expect(rect.left + rect.width).toBeLessThanOrEqual(geometry.width + 0.001);
    }
  });

  it.each(["easy", "medium", "hard"] as const)("fits the %s board in a short space too (a phone held sideways)", (level) => {
    const size = layoutSize(LAYOUTS[level]);
    const geometry = fitBoard(size, 800, MAX_TILE_PX, 300);
    expect(geometry.height).toBeLessThanOrEqual(300);
    expect(geometry.width).toBeLessThanOrEqual(800);
    expect(geometry.tileWidth).toBeGreaterThanOrEqual(MIN_TILE_PX);
    // The width alone would have allowed bigger tiles: the height is what bounds them here.
    expect(geometry.tileWidth).toBeLessThan(fitBoard(size, 800).tileWidth);
  });

  it("caps tiles on wide screens and keeps a minimum on tiny ones", () => {
    const size = { width: 12, height: 8, layers: 2 };
    expect(fitBoard(size, 5000).tileWidth).toBe(MAX_TILE_PX);
    expect(fitBoard(size, 10).tileWidth).toBe(MIN_TILE_PX);
  });

  it("raises each layer up and to the left, and paints it later", () => {
    const geometry = fitBoard({ width: 4, height: 2, layers: 2 }, 200);
    const low = tileRect({ x: 1, y: 0, z: 0 }, geometry);
    const high = tileRect({ x: 1, y: 0, z: 1 }, geometry);
    expect(high.left).toBeLessThan(low.left);
    expect(high.top).toBeLessThan(low.top);
    const order = paintOrder([{ x: 0, y: 0, z: 1 }, { x: 2, y: 0, z: 0 }, { x: 0, y: 0, z: 0 }]);
    expect(order.map((p) => `${p.x}${p.z}`)).toEqual(["00", "20", "01"]);
  });
});
