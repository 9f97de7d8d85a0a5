import { describe, expect, it } from "vitest";
import { framesOf, HOP_BLINKS, shownPieces, START_BLINKS } from "./timeline";

const path = [
  { row: 10, col: 0 },
  { row: 8, col: 2 },
  { row: 6, col: 2 },
];

describe("move animation", () => {
  it("blinks a computer's piece 4 times, then 2 times on each landing", () => {
    const frames = framesOf({ moveNumber: 1, seat: 1, path, computer: true });
    const blinksAt = (hop: number) => frames.filter((f) => f.hop === hop && f.counts).length;
    expect(blinksAt(0)).toBe(START_BLINKS);
    expect(blinksAt(1)).toBe(HOP_BLINKS);
    expect(blinksAt(2)).toBe(HOP_BLINKS);
    expect(frames.every((f) => f.blink)).toBe(true);
  });

  it("walks a human's piece along its chain without blinking", () => {
    const frames = framesOf({ moveNumber: 1, seat: 0, path, computer: false });
    expect(frames.map((f) => f.hop)).toEqual([0, 1, 2]);
    expect(frames.some((f) => f.blink || f.counts)).toBe(false);
  });

  it("shows the position before the pending moves, the current piece on its hop", () => {
    const after = [[{ row: 6, col: 2 }, { row: 15, col: 0 }], [{ row: 0, col: 15 }]];
    const pending = [
      { moveNumber: 1, seat: 0, path, computer: false },
      { moveNumber: 2, seat: 1, path: [{ row: 0, col: 14 }, { row: 0, col: 15 }], computer: true },
    ];
    expect(shownPieces(after, pending, 0)).toEqual([[{ row: 10, col: 0 }, { row: 15, col: 0 }], [{ row: 0, col: 14 }]]);
    expect(shownPieces(after, pending, 1)[0]?.[0]).toEqual({ row: 8, col: 2 });
    expect(shownPieces(after, [], 0)).toEqual(after);
  });
});
