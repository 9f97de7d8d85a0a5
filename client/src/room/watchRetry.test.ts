import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OLDER_ANSWERS_ASKED_AGAIN, WATCH_RETRY_MS, WatchRetry } from "./watchRetry";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("WatchRetry", () => {
  it("asks again after a refused watch, backing off, says so once, and starts over after an answer", () => {
    const watches: number[] = [];
    const retry = new WatchRetry(() => watches.push(Date.now()), () => true);
    const start = Date.now();
    expect(retry.failed()).toBe(true); // the first refusal: shown
    vi.advanceTimersByTime(WATCH_RETRY_MS.first);
    expect(retry.failed()).toBe(false); // refused again: not shown again
    vi.advanceTimersByTime(WATCH_RETRY_MS.first * 2);
    for (let i = 0; i < 5; i++) {
      retry.failed();
      vi.advanceTimersByTime(WATCH_RETRY_MS.max);
    }
    expect(watches.map((at) => at - start).slice(0, 3)).toEqual([1_000, 3_000, 7_000]);
    expect(watches.at(-1)! - watches.at(-2)!).toBe(WATCH_RETRY_MS.max);
    retry.succeeded();
    expect(retry.failed()).toBe(true);
    retry.stop();
    vi.advanceTimersByTime(WATCH_RETRY_MS.max);
    expect(watches).toHaveLength(7);
  });

  it("leaves it to the reconnection when the socket dropped meanwhile", () => {
    let watched = 0;
    const retry = new WatchRetry(() => watched++, () => false);
    retry.failed();
    vi.advanceTimersByTime(WATCH_RETRY_MS.max);
    expect(watched).toBe(0);
  });

  it("asks again at once for a few answers older than the room shown, then backs off as after a refusal, until one is taken", () => {
    const watches: number[] = [];
    const start = Date.now();
    const retry = new WatchRetry(() => watches.push(Date.now() - start), () => true);
    for (let i = 0; i < OLDER_ANSWERS_ASKED_AGAIN; i++) retry.olderAnswer();
    expect(watches).toEqual(Array.from({ length: OLDER_ANSWERS_ASKED_AGAIN }, () => 0));
    retry.olderAnswer();
    expect(watches).toHaveLength(OLDER_ANSWERS_ASKED_AGAIN); // not at once any more
    vi.advanceTimersByTime(WATCH_RETRY_MS.first);
    expect(watches).toHaveLength(OLDER_ANSWERS_ASKED_AGAIN + 1);
    retry.succeeded();
    retry.olderAnswer();
    expect(watches).toHaveLength(OLDER_ANSWERS_ASKED_AGAIN + 2); // counted afresh once an answer was taken
    retry.stop();
  });
});
