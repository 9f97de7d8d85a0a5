/**
 * How long a room lease lasts, from the two settings. `LEASE_TTL_MS` is the promise made to players
 * and operators (docs/scaling.md): the rooms of a process that died are taken over by a live one within
 * that long of its death. A survivor finds an expired lease at its next sweep, so a lease that ran
 * for the whole `LEASE_TTL_MS` was taken over up to a sweep later (18.2 s of a promised 15 s, issue 32,
 * point 3). So a lease is written for `LEASE_TTL_MS − LEASE_SWEEP_MS`: it runs out at most that long
 * after its holder's last write or renewal, and the next sweep of any live process comes at most a
 * sweep later.
 *
 * A live process must never lose a lease between two of its own sweeps: it renews every lease with
 * less than RENEW_BELOW_SHARE of its time left, so a lease it did not renew has at least that share
 * left, and the next sweep comes one sweep later. What is left then is the margin a late sweep (a
 * busy event loop, a slow renewal statement) may eat. With a sweep of at most a fifth of the time to
 * live (MAX_SWEEP_SHARE) the margin is at least a third of it (5 s of 15 s), as it was when leases
 * ran for the whole time to live and the sweep was at most a third of it.
 */
export interface LeaseTiming {
  /** A dead process's rooms are taken over within this long (LEASE_TTL_MS). */
  readonly takeOverWithinMs: number;
  /** How often each process renews its leases and takes expired ones (LEASE_SWEEP_MS). */
  readonly sweepMs: number;
  /** How long a write or a renewal holds a lease: `takeOverWithinMs − sweepMs`. */
  readonly leaseMs: number;
  /** How late a live process's sweep may be before one of its leases runs out. */
  readonly marginMs: number;
}

/** The sweeper renews a lease below this share of `leaseMs` left (RoomLeases.renew: RENEW_BELOW). */
export const RENEW_BELOW_SHARE = 2 / 3;

/** A room's write extends its lease below this share left (GroupCommit: WRITE_EXTENDS_BELOW). */
export const WRITE_EXTENDS_BELOW_SHARE = 5 / 6;

/** The sweep may be at most this fraction of LEASE_TTL_MS (1 / 5). */
export const MAX_SWEEP_SHARE = 1 / 5;

/** Why a pair of settings cannot keep the promise safely, or null when it can. */
export function leaseTimingProblem(ttlMs: number, sweepMs: number): string | null {
  if (sweepMs > ttlMs * MAX_SWEEP_SHARE) {
    return `LEASE_SWEEP_MS (${sweepMs}) must be at most a fifth of LEASE_TTL_MS (${ttlMs}): a lease lasts LEASE_TTL_MS − LEASE_SWEEP_MS, so that a dead process's rooms are taken over within LEASE_TTL_MS, and a live process's leases must not run out between two of its sweeps`;
  }
  return null;
}

/** The lease timing for LEASE_TTL_MS and LEASE_SWEEP_MS; throws on settings leaseTimingProblem refuses. */
export function leaseTimingOf(ttlMs: number, sweepMs: number): LeaseTiming {
  const problem = leaseTimingProblem(ttlMs, sweepMs);
  if (problem) throw new Error(problem);
  const leaseMs = ttlMs - sweepMs;
  return { takeOverWithinMs: ttlMs, sweepMs, leaseMs, marginMs: leaseMs * RENEW_BELOW_SHARE - sweepMs };
}
