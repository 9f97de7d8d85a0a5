import { describe, expect, it } from "vitest";
import { LIMITS, type LogEntry } from "../../shared/protocol";
import { withLogEntry } from "./record";

const entry = (moveNumber: number): LogEntry => ({ moveNumber, seat: 0, summary: { type: `move ${moveNumber}` } });

describe("withLogEntry", () => {
  it("adds the entry at the end and keeps the last LIMITS.logTail entries, leaving the old tail as it was", () => {
    let log: readonly LogEntry[] = [];
    for (let n = 1; n <= LIMITS.logTail + 5; n++) {
      const before = [...log];
      const next = withLogEntry(log, entry(n));
      expect(log).toEqual(before);
      expect(next.map((e) => e.moveNumber)).toEqual(Array.from({ length: Math.min(n, LIMITS.logTail) }, (_, i) => Math.max(1, n - LIMITS.logTail + 1) + i));
      log = next;
    }
  });
});
