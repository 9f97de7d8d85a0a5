import { describe, expect, it } from "vitest";
import { MAX_PATH } from "./path";
import { moveSchema, optionsSchema } from "./schemas";

describe("optionsSchema", () => {
  it("has no options", () => {
    expect(optionsSchema.parse({})).toEqual({});
    expect(optionsSchema.safeParse({ players: 3 }).success).toBe(false);
  });
});

describe("moveSchema", () => {
  const c = (row: number, col: number): { row: number; col: number } => ({ row, col });
  it.each([{ path: [c(0, 0), c(0, 1)] }, { path: Array.from({ length: MAX_PATH }, (_, i) => c(Math.floor(i / 8) * 2, (i % 8) * 2)) }])(
    "accepts a path",
    (move) => {
      expect(moveSchema.parse(move)).toEqual(move);
    },
  );

  it.each([
    {},
    { path: [] },
    { path: [c(0, 0)] },
    { path: [c(0, 0), c(0, 16)] },
    { path: [c(0, 0), c(-1, 0)] },
    { path: [c(0, 0), c(0.5, 0)] },
    { path: [c(0, 0), { row: 0, col: 1, seat: 0 }] },
    { path: [c(0, 0), c(0, 1)], extra: true },
    { path: Array.from({ length: MAX_PATH + 1 }, () => c(0, 0)) },
  ])("refuses %j", (move) => {
    expect(moveSchema.safeParse(move).success).toBe(false);
  });
});
