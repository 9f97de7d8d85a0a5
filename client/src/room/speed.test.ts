import { describe, expect, it } from "vitest";
import { stepSpeed } from "./speed";

describe("stepSpeed", () => {
  it.each([
    ["slow", 1, "normal"],
    ["normal", 1, "fast"],
    ["fast", 1, "fast"],
    ["fast", -1, "normal"],
    ["slow", -1, "slow"],
    ["paused", 1, "normal"],
    ["paused", -1, "normal"],
  ] as const)("%s %i → %s", (from, direction, to) => {
    expect(stepSpeed(from, direction)).toBe(to);
  });
});
