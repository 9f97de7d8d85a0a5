import type pg from "pg";

/**
 * One deadline per request (issue 32): the instant, in this process's clock (epoch ms), by which a
 * request's database work must be done, lane wait, load, batch and retries included. Null: no bound
 * (the embedded PGlite, which runs in this process and cannot hang apart from it).
 */
export type Deadline = number | null;

/** The deadline of a request arriving now, `boundMs` (DB_QUERY_TIMEOUT_MS) away. */
export function deadlineIn(boundMs: number | undefined): Deadline {
  return boundMs === undefined ? null : Date.now() + boundMs;
}

/** Milliseconds left before `deadline` (Infinity without one). */
export function remainingMs(deadline: Deadline): number {
  return deadline === null ? Number.POSITIVE_INFINITY : deadline - Date.now();
}

/**
 * The request's deadline passed before the database answered. Nothing was sent for it when thrown
 * before a write went out, so it counts as the database being unavailable (UNAVAILABLE, nothing changed).
 */
export class DeadlinePassedError extends Error {
  readonly code = "TABLEE_DEADLINE"; // one of the codes isDatabaseUnavailable knows
  constructor() {
    super("the request's deadline passed before the database answered");
    this.name = "DeadlinePassedError";
  }
}

/**
 * `work` if it settles before `deadline`, else DeadlinePassedError at the deadline (the work goes on
 * and its result is dropped: only reads and writes that cannot land later go through here).
 */
export function beforeDeadline<T>(deadline: Deadline, work: () => Promise<T>): Promise<T> {
  const left = remainingMs(deadline);
  if (left === Number.POSITIVE_INFINITY) return work();
  if (left <= 0) return Promise.reject(new DeadlinePassedError());
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new DeadlinePassedError()), left);
    work().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * A connection of `pool` before `deadline`, or DeadlinePassedError (a connection that comes later is
 * given back at once). pg's own connection wait is a fixed bound; this one is what the request has left.
 */
export function connectBefore(pool: pg.Pool, deadline: Deadline): Promise<pg.PoolClient> {
  const left = remainingMs(deadline);
  if (left <= 0) return Promise.reject(new DeadlinePassedError());
  return new Promise((resolve, reject) => {
    let late = false;
    const timer = left === Number.POSITIVE_INFINITY ? null : setTimeout(() => {
      late = true;
      reject(new DeadlinePassedError());
    }, left);
    pool.connect().then(
      (client) => {
        if (timer) clearTimeout(timer);
        if (late) client.release();
        else resolve(listened(client));
      },
      (error: unknown) => {
        if (timer) clearTimeout(timer);
        if (!late) reject(error);
      },
    );
  });
}

/**
 * A checked-out connection has no 'error' listener of the pool's: one that dies while a query runs
 * would end the process (pg emits 'error' after failing the query). The query reports the failure;
 * the listener goes with the connection's release, as pg-pool's own `pool.query` does.
 */
function listened(client: pg.PoolClient): pg.PoolClient {
  const ignore = (): void => undefined;
  client.on("error", ignore);
  const release = client.release;
  client.release = (destroy?: Error | boolean) => {
    client.removeListener("error", ignore);
    client.release = release;
    return release(destroy);
  };
  return client;
}

/** The client-side bound of a query sent now under `deadline` (at least 1 ms; none without a deadline). */
export function queryTimeoutOf(deadline: Deadline): { query_timeout?: number } {
  const left = remainingMs(deadline);
  return left === Number.POSITIVE_INFINITY ? {} : { query_timeout: Math.max(1, Math.ceil(left)) };
}

/**
 * The database's clock minus this process's, measured once (on the first connection asked) within a
 * request's deadline: a statement's expiry is written in the database's clock.
 */
export class DatabaseClock {
  private offsetMs: number | null = null;

  async offset(client: pg.PoolClient, deadline: Deadline): Promise<number> {
    if (this.offsetMs === null) {
      const before = Date.now();
      const { rows } = await client.query<{ now: string | number }>({ text: "SELECT extract(epoch FROM clock_timestamp()) * 1000 AS now", ...queryTimeoutOf(deadline) });
      const after = Date.now();
      this.offsetMs = Number(rows[0]?.now ?? after) - (before + after) / 2;
    }
    return this.offsetMs;
  }
}
