import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RENEW_BELOW, WRITE_EXTENDS_BELOW } from "./leases";
import { leaseTimingOf, leaseTimingProblem, RENEW_BELOW_SHARE, WRITE_EXTENDS_BELOW_SHARE } from "./leaseTiming";

/** Valid settings: LEASE_TTL_MS from the smallest allowed to ten minutes, the sweep up to a fifth of it. */
const settings = fc.integer({ min: 500, max: 600_000 }).chain((ttlMs) => fc.record({ ttlMs: fc.constant(ttlMs), sweepMs: fc.integer({ min: 100, max: Math.floor(ttlMs / 5) }) }));

/** The SQL fraction "a / b" as a number. */
const shareOf = (sql: string): number => {
  const [a, b] = sql.split("/").map((part) => Number(part.trim()));
  return (a ?? NaN) / (b ?? NaN);
};

describe("lease timing", () => {
  it("a dead process's rooms are taken over within LEASE_TTL_MS of its death, by the first sweep of a live process after the lease ran out", () => {
    fc.assert(
      fc.property(settings, fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), ({ ttlMs, sweepMs }, age, phase) => {
        const timing = leaseTimingOf(ttlMs, sweepMs);
        // The process dies at 0; its last write or renewal of the room was `age` of a lease before (at most now).
        const leaseUntil = -age * timing.leaseMs + timing.leaseMs;
        // A survivor sweeps every sweepMs from some phase; it takes leases already over (lease_until < now).
        const firstSweep = phase * sweepMs;
        const takenAt = leaseUntil < firstSweep ? firstSweep : firstSweep + (Math.floor((leaseUntil - firstSweep) / sweepMs) + 1) * sweepMs;
        expect(takenAt).toBeLessThanOrEqual(timing.takeOverWithinMs + 1e-6);
      }),
    );
  });

  it("a live process never loses a lease between its sweeps, even when each sweep is late by less than the margin (at least a third of LEASE_TTL_MS)", () => {
    fc.assert(
      fc.property(settings, fc.double({ min: 0, max: 1, noNaN: true }), fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 30, maxLength: 30 }), ({ ttlMs, sweepMs }, phase, lateness) => {
        const timing = leaseTimingOf(ttlMs, sweepMs);
        expect(timing.marginMs).toBeGreaterThanOrEqual(ttlMs / 3 - 1e-6);
        let leaseUntil = timing.leaseMs; // a write took the lease at 0
        let now = phase * sweepMs;
        for (const late of lateness) {
          expect(leaseUntil - now).toBeGreaterThan(0); // still ours at this sweep
          if (leaseUntil - now < timing.leaseMs * RENEW_BELOW_SHARE) leaseUntil = now + timing.leaseMs;
          now += sweepMs + late * timing.marginMs;
        }
      }),
    );
  });

  it("the shares are the ones the SQL uses", () => {
    expect(shareOf(RENEW_BELOW)).toBeCloseTo(RENEW_BELOW_SHARE, 12);
    expect(shareOf(WRITE_EXTENDS_BELOW)).toBeCloseTo(WRITE_EXTENDS_BELOW_SHARE, 12);
  });

  it("defaults: taken over within 15 s, leases of 12 s, a 5 s margin; a sweep over a fifth of the time to live is refused", () => {
    expect(leaseTimingOf(15_000, 3_000)).toEqual({ takeOverWithinMs: 15_000, sweepMs: 3_000, leaseMs: 12_000, marginMs: 5_000 });
    expect(leaseTimingProblem(15_000, 3_000)).toBeNull();
    expect(leaseTimingProblem(15_000, 5_000)).toMatch(/at most a fifth of LEASE_TTL_MS/u);
    expect(() => leaseTimingOf(1_500, 301)).toThrow(/LEASE_SWEEP_MS \(301\)/u);
  });
});
