import type pg from "pg";

/** The database's clock in UTC, as Prisma stores times (timestamp without time zone). */
const NOW = "timezone('UTC', now())";

/**
 * Row leases on rooms in play: the process holding a room's lease runs its computer turns and
 * countdowns. A process takes the lease of every room it commits a change to (in the same statement,
 * see GroupCommit), renews the leases it holds while alive, and takes over rooms whose lease ran out
 * (their process died). Two processes acting on one room at a hand-over are harmless: every write is
 * version-checked, so a computer move or a timeout is committed once whoever tries.
 */
export class RoomLeases {
  constructor(
    private readonly pool: pg.Pool,
    readonly owner: string,
    readonly ttlMs: number,
  ) {}

  /** Extends every lease this process holds on a room still in play. */
  async renew(): Promise<void> {
    await this.pool.query(`UPDATE rooms SET lease_until = ${NOW} + make_interval(secs => $2) WHERE lease_owner = $1 AND status = 'playing'`, [
      this.owner,
      this.ttlMs / 1000,
    ]);
  }

  /** Takes up to `limit` rooms in play whose lease is missing or ran out; returns their ids. */
  async claimExpired(limit = 200): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>(
      `UPDATE rooms SET lease_owner = $1, lease_until = ${NOW} + make_interval(secs => $2)
       WHERE id IN (SELECT id FROM rooms WHERE status = 'playing' AND (lease_until IS NULL OR lease_until < ${NOW})
                    ORDER BY lease_until NULLS FIRST LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [this.owner, this.ttlMs / 1000, limit],
    );
    return result.rows.map((row) => row.id);
  }

  /** A lone server starting up takes every room in play at once (no one else can be running them). */
  async claimAll(): Promise<string[]> {
    const result = await this.pool.query<{ id: string }>(
      `UPDATE rooms SET lease_owner = $1, lease_until = ${NOW} + make_interval(secs => $2) WHERE status = 'playing' RETURNING id`,
      [this.owner, this.ttlMs / 1000],
    );
    return result.rows.map((row) => row.id);
  }

  /** Graceful shutdown: hand our rooms back now, so another process takes them at its next sweep. */
  async release(): Promise<void> {
    await this.pool.query("UPDATE rooms SET lease_until = NULL WHERE lease_owner = $1", [this.owner]);
  }
}
