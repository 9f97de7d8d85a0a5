import { describe, expect, it } from "vitest";
import { LIMITS } from "./limits";
import { isOlderSnapshot, logHasGap, mergeLog } from "./logMerge";
import type { RoomSnapshot } from "./messages";

const entry = (moveNumber: number) => ({ moveNumber, seat: moveNumber % 2, summary: { type: `m${moveNumber}` } });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => entry(from + i));

describe("mergeLog", () => {
  it("appends pushed entries to the known tail", () => {
    expect(mergeLog(range(1, 3), [entry(4)])).toEqual(range(1, 4));
  });
  it("keeps the known log when nothing new was pushed", () => {
    const known = range(1, 3);
    expect(mergeLog(known, [])).toBe(known);
  });
  it("replaces overlapping entries with a full tail (the answer to room:watch)", () => {
    expect(mergeLog(range(1, 5), range(3, 6))).toEqual(range(1, 6));
  });
  it("trims to the tail length", () => {
    const merged = mergeLog(range(1, LIMITS.logTail), [entry(LIMITS.logTail + 1)]);
    expect(merged).toHaveLength(LIMITS.logTail);
    expect(merged[0]?.moveNumber).toBe(2);
  });
  it("sees a gap when pushed entries were missed, not when they follow on", () => {
    expect(logHasGap(range(1, 3), [entry(5)])).toBe(true);
    expect(logHasGap(range(1, 3), [entry(4)])).toBe(false);
    expect(logHasGap([], [entry(9)])).toBe(false);
  });
});

describe("isOlderSnapshot", () => {
  const snapshot = (id: string, version: number) => ({ room: { id, version } }) as RoomSnapshot;
  it("spots an answer built before a change that was already pushed", () => {
    expect(isOlderSnapshot(snapshot("a", 4), snapshot("a", 3))).toBe(true);
  });
  it("takes the same or a newer version, a first snapshot, and another room", () => {
    expect(isOlderSnapshot(snapshot("a", 4), snapshot("a", 4))).toBe(false);
    expect(isOlderSnapshot(snapshot("a", 4), snapshot("a", 5))).toBe(false);
    expect(isOlderSnapshot(null, snapshot("a", 0))).toBe(false);
    expect(isOlderSnapshot(snapshot("a", 9), snapshot("b", 0))).toBe(false);
  });
});
