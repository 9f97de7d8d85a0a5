import { describe, expect, it } from "vitest";
import { axisLabel, OPEN_MARGIN, visibleArea } from "./boardArea";

describe("visibleArea", () => {
  it("shows the whole bounded board, tiles or not", () => {
    expect(visibleArea({ rows: 12, cols: 26 }, [{ row: 3, col: 4 }])).toEqual({ top: 0, left: 0, bottom: 11, right: 25 });
  });

  it("shows a small square around the origin on an empty open board", () => {
    expect(visibleArea(null, [])).toEqual({ top: -OPEN_MARGIN, left: -OPEN_MARGIN, bottom: OPEN_MARGIN, right: OPEN_MARGIN });
  });

  it("shows the tiles' bounding box plus the margin on the open board", () => {
    const tiles = [
      { row: 0, col: 0 },
      { row: 0, col: 3 },
      { row: -4, col: 1 },
    ];
    expect(visibleArea(null, tiles)).toEqual({ top: -6, left: -2, bottom: 2, right: 5 });
  });
});

describe("axisLabel", () => {
  it.each([
    [0, "a"],
    [11, "l"],
    [25, "z"],
    [26, "26"],
    [-1, "-1"],
  ])("%i → %s", (index, label) => {
    expect(axisLabel(index)).toBe(label);
  });
});
