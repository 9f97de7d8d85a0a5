import { describe, expect, it } from "vitest";
import { MIN_WATCHABLE_MS, thinkingDelay } from "./driver";

/** Issue 18: "Faster" four times made a demo finish in 1.5 s; the fastest speed must stay watchable. */
describe("thinkingDelay", () => {
  const production = { minMs: 600, maxMs: 1500 }; // BOT_DELAY_MS's default

  it("never goes under a watchable pause at the fastest speed", () => {
    for (const random of [0, 0.25, 0.5, 1]) expect(thinkingDelay(production, "fast", random)).toBeGreaterThanOrEqual(MIN_WATCHABLE_MS);
  });

  it("keeps the speeds in order, and pauses for good when paused", () => {
    const at = (speed: "slow" | "normal" | "fast") => thinkingDelay(production, speed, 0.5) ?? 0;
    expect(at("slow")).toBeGreaterThan(at("normal"));
    expect(at("normal")).toBeGreaterThan(at("fast"));
    expect(thinkingDelay(production, "paused", 0.5)).toBeNull();
  });

  it("adds no pause when the timing is none (tests)", () => {
    expect(thinkingDelay({ minMs: 0, maxMs: 0 }, "fast", 0.5)).toBe(0);
  });
});
