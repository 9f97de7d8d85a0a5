import { describe, expect, it } from "vitest";
import { gridStep } from "./gridKeys";

const area = { top: 0, bottom: 15, left: 0, right: 15 };

describe("gridStep", () => {
  it("moves one cell with the arrows, stopping at the edges, and to the row's ends with Home and End", () => {
    expect(gridStep({ row: 5, col: 5 }, "ArrowUp", area)).toEqual({ row: 4, col: 5 });
    expect(gridStep({ row: 5, col: 5 }, "ArrowDown", area)).toEqual({ row: 6, col: 5 });
    expect(gridStep({ row: 5, col: 5 }, "ArrowLeft", area)).toEqual({ row: 5, col: 4 });
    expect(gridStep({ row: 5, col: 5 }, "ArrowRight", area)).toEqual({ row: 5, col: 6 });
    expect(gridStep({ row: 0, col: 15 }, "ArrowUp", area)).toEqual({ row: 0, col: 15 });
    expect(gridStep({ row: 0, col: 15 }, "ArrowRight", area)).toEqual({ row: 0, col: 15 });
    expect(gridStep({ row: 7, col: 9 }, "Home", area)).toEqual({ row: 7, col: 0 });
    expect(gridStep({ row: 7, col: 9 }, "End", { ...area, right: 25 })).toEqual({ row: 7, col: 25 });
    expect(gridStep({ row: 7, col: 9 }, "Enter", area)).toBeNull();
  });

  it("keeps to a board whose area does not start at 0 (Qwirkle's open board)", () => {
    const open = { top: -3, bottom: 4, left: -6, right: 2 };
    expect(gridStep({ row: -3, col: -6 }, "ArrowUp", open)).toEqual({ row: -3, col: -6 });
    expect(gridStep({ row: -3, col: -6 }, "ArrowLeft", open)).toEqual({ row: -3, col: -6 });
    expect(gridStep({ row: 4, col: 0 }, "ArrowDown", open)).toEqual({ row: 4, col: 0 });
  });
});
