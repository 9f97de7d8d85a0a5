import { describe, expect, it } from "vitest";
import { checkPositions } from "./fixtures";
import { hard } from "./index";

// The hard bot's share of the 10,000 positions (see legality.test.ts).
const POSITIONS = 2_000;
const SLOW_MS = 600_000;

describe("bots only propose legal moves", () => {
  it(`hard, over ${POSITIONS} random positions`, () => {
    expect(checkPositions(hard, POSITIONS)).toBe(POSITIONS);
  }, SLOW_MS);
});
