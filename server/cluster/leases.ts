import type pg from "pg";

/** The database's clock in UTC, as Prisma stores times (timestamp without time zone). */
const NOW = "timezone('UTC', now())";

/**
 * A write extends its room's lease once less than this share of the lease's length is left (GroupCommit),
 * and the sweeper renews a lease once less than RENEW_BELOW is left. The gap between the two keeps the
 * sweeper off the rooms being played: a room that moves at least every sixth of the lease's length
 * (2 s of 12) has its lease extended by its own writes before the sweeper would want it, so the
 * sweeper's row locks never hold up its moves. With one threshold for both, every sweep raced the
 * next move of the rooms whose extension was due (by arithmetic a fifth to two fifths of those in
 * play), and each move that lost waited for the sweeper's statement to commit: in bench:load at 2,000
 * moves/s, a burst of slow moves (up to 200 ms) that went away with the sweeper off (docs/perf.md).
 * Extending more often costs a few bytes of WAL in a move's HOT update, which is written anyway.
 * (Their numeric twins, and why a lease lasts what it lasts: leaseTiming.ts.)
 */
export const WRITE_EXTENDS_BELOW = "5.0 / 6";
export const RENEW_BELOW = "2.0 / 3";

/**
 * Row leases on rooms in play: the process holding a room's lease runs its computer turns and
 * countdowns. A process takes the lease of every room it commits a change to (in the same statement,
 * see GroupCommit), renews the leases it holds while alive, and takes over rooms whose lease ran out
 * (their process died). Two processes acting on one room at a hand-over are harmless: every write is
 * version-checked, so a computer move or a timeout is committed once whoever tries. Each take or
 * renewal holds a lease for `leaseMs` (LeaseTiming.leaseMs: LEASE_TTL_MS − LEASE_SWEEP_MS).
 */
export class RoomLeases {
  constructor(
    private readonly pool: pg.Pool,
    readonly owner: string,
    readonly leaseMs: number,
  ) {}

  /**
   * Extends the leases this process holds on rooms still in play that have less than two thirds of
   * their time left (RENEW_BELOW). A room in play is written often, and each write with less than five
   * sixths left extends its lease itself (GroupCommit; with more left a write keeps it): this renews
   * the rooms nobody moved in lately. No index holds lease_until (migration 0012), so a renewal is a
   * HOT update, as a move's is.
   * Swept at least every fifth of LEASE_TTL_MS, a lease not renewed still has a third of LEASE_TTL_MS
   * left at the next sweep (leaseTiming.ts).
   * Rows being written at this moment are skipped, not waited for (SKIP LOCKED; NO KEY UPDATE does not
   * conflict with the key locks of move and chat inserts): waiting here while group-commit batches
   * waited for rows this statement held made lock convoys and deadlocks, each costing every move in
   * flight a second (the deadlock timeout) — measured by bench:load's sweep. A skipped row is being
   * written, which renews it. A batch is at most `chunk` rows, so a move never waits long for a row
   * this statement holds.
   */
  async renew(chunk = 100): Promise<void> {
    for (;;) {
      const result = await this.pool.query(
        `UPDATE rooms SET lease_until = ${NOW} + make_interval(secs => $2)
         WHERE id IN (SELECT id FROM rooms WHERE lease_owner = $1 AND status = 'playing'
                        AND lease_until < ${NOW} + make_interval(secs => $2::float8 * ${RENEW_BELOW})
                      LIMIT $3 FOR NO KEY UPDATE SKIP LOCKED)`,
        [this.owner, this.leaseMs / 1000, chunk],
      );
      if ((result.rowCount ?? 0) < chunk) return;
    }
  }

  /** Takes up to `limit` rooms in play whose lease is missing or ran out; returns their ids (LeaseSweeper asks again while batches are full). */
  async claimExpired(limit = 200): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>(
      `UPDATE rooms SET lease_owner = $1, lease_until = ${NOW} + make_interval(secs => $2)
       WHERE id IN (SELECT id FROM rooms WHERE status = 'playing' AND (lease_until IS NULL OR lease_until < ${NOW})
                    ORDER BY lease_until NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [this.owner, this.leaseMs / 1000, limit],
    );
    return result.rows.map((row) => row.id);
  }

  /** A lone server starting up takes every room in play at once (no one else can be running them). */
  async claimAll(): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>(
      `UPDATE rooms SET lease_owner = $1, lease_until = ${NOW} + make_interval(secs => $2) WHERE status = 'playing' RETURNING id`,
      [this.owner, this.leaseMs / 1000],
    );
    return result.rows.map((row) => row.id);
  }

  /** Graceful shutdown: hand our rooms back now, so another process takes them at its next sweep. */
  async release(): Promise<void> {
    await this.pool.query("UPDATE rooms SET lease_until = NULL WHERE lease_owner = $1", [this.owner]);
  }
}
