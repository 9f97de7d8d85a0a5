import { describe, expect, it } from "vitest";
import { timerAsOf } from "./timerAsOf";

describe("a snapshot's countdown as of now", () => {
  const timer = { key: "turn:4", remainingMs: 20_000, durationMs: 25_000 };

  it("is the snapshot's for one that just arrived", () => {
    expect(timerAsOf(timer, 1_000, 1_000)).toBe(timer);
    expect(timerAsOf(null, 0, 5_000)).toBeNull();
  });

  it("has run since a copy was kept, down to nothing", () => {
    expect(timerAsOf(timer, 1_000, 6_000)).toEqual({ ...timer, remainingMs: 15_000 });
    expect(timerAsOf(timer, 1_000, 3_600_000)).toEqual({ ...timer, remainingMs: 0 });
  });

  it("ignores a device clock that went back", () => {
    expect(timerAsOf(timer, 6_000, 1_000)).toBe(timer);
  });
});
