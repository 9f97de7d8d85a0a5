import type pg from "pg";
import { connectBefore, queryTimeoutOf, remainingMs, type Deadline } from "../db/deadline";

/**
 * A room write whose answer never came (a query time-out after it was sent, a connection cut
 * mid-commit): what identifies it in the database. Its row is at `version` with `updatedAt` (the
 * writer's clock, to the millisecond) if it landed, and its move row (if any) is there with them.
 */
export interface DoubtfulWrite {
  readonly roomId: string;
  readonly version: number;
  readonly updatedAt: Date;
  readonly move: { readonly moveNumber: number; readonly moveId: string | null } | null;
}

/** What the read-back found: committed, provably not committed (and never will be), or not known yet. */
export type WriteOutcome = "landed" | "not landed" | "unknown";

/**
 * A room write that failed in a way that left its outcome open, read back since: `not landed`
 * (nothing was changed, answered UNAVAILABLE) or `unknown` (answered IN_DOUBT). `cause` is the
 * driver's error, so the outage log counts it as the database being away.
 */
export class UncertainWriteError extends Error {
  constructor(
    readonly roomId: string,
    readonly outcome: Exclude<WriteOutcome, "landed">,
    cause: unknown,
  ) {
    super(`write to room ${roomId}: ${outcome} after its answer was lost`, { cause });
    this.name = "UncertainWriteError";
  }
}

/** How long after a request's deadline its read-back may run: the answer comes within DB_QUERY_TIMEOUT_MS plus this. */
export const READ_BACK_MS = 500;

/** Without a deadline (PGlite), how long a read-back may take. */
const READ_BACK_ALONE_MS = 2_000;

/**
 * A no-op UPDATE, not a SELECT: it takes each room's row lock, so it waits for a write still in
 * progress (its transaction holds the lock until it ends) and then reads the row it left. A write
 * that has not reached its row yet finds the row updated by this statement when it does, and
 * Postgres checks its WHERE again, clock included: past its expiry, it matches nothing. What is read
 * here is therefore final. No indexed column changes (a HOT update, nothing else moves).
 */
const READ_BACK_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, version int, updated_at timestamptz)
)
UPDATE rooms r SET version = r.version FROM input i WHERE r.id = i.id
RETURNING r.id, r.version,
  r.version = i.version AND (r.updated_at = i.updated_at::timestamp OR r.updated_at = (i.updated_at AT TIME ZONE 'UTC')) AS same_write,
  extract(epoch FROM clock_timestamp()) * 1000 AS now`;

/** The move rows among these that are stored (read after the lock, so a write just committed is seen). */
const MOVES_SQL = `
SELECT x.id FROM jsonb_to_recordset($1::jsonb) AS x(id text, updated_at timestamptz, m_number int, m_id text)
JOIN room_moves m ON m.room_id = x.id AND m.move_number = x.m_number AND m.move_id IS NOT DISTINCT FROM x.m_id
  AND (m.created_at = x.updated_at::timestamp OR m.created_at = (x.updated_at AT TIME ZONE 'UTC'))`;

/**
 * Finds out what became of `writes`, on a connection of `pool` (never the one in doubt), before
 * `until`. `voidAfter`: the database's clock (epoch ms) after which the writes can no longer land
 * (the batch statement's expiry), null when they cannot land any more already (a transaction given
 * up before its commit), Infinity when nothing stops them (no proof of "not landed" then). The
 * read-back waits in the database until its clock passes `voidAfter`, as long as `until` allows.
 * Any failure of its own leaves every write `unknown`.
 */
export async function readBack(pool: pg.Pool, writes: readonly DoubtfulWrite[], voidAfter: number | null, until: Deadline): Promise<Map<string, WriteOutcome>> {
  const outcomes = new Map<string, WriteOutcome>(writes.map((write) => [write.roomId, "unknown"]));
  const bound = until ?? Date.now() + READ_BACK_ALONE_MS;
  let client: pg.PoolClient;
  try {
    client = await connectBefore(pool, bound);
  } catch {
    return outcomes;
  }
  try {
    if (voidAfter !== null && Number.isFinite(voidAfter)) {
      // Normally a few milliseconds (the clocks' measured offset); never past what `until` leaves.
      const maxWaitS = Math.max(0, remainingMs(bound) - 150) / 1000;
      await client.query({
        text: "SELECT pg_sleep(LEAST($2::float8, GREATEST(0, ($1::float8 - extract(epoch FROM clock_timestamp()) * 1000) / 1000)))",
        values: [voidAfter + 5, maxWaitS],
        ...queryTimeoutOf(bound),
      });
    }
    const rows = writes.map((w) => ({ id: w.roomId, version: w.version, updated_at: w.updatedAt.toISOString(), m_number: w.move?.moveNumber, m_id: w.move?.moveId ?? undefined }));
    const read = await client.query<{ id: string; version: number; same_write: boolean; now: string | number }>({ text: READ_BACK_SQL, values: [JSON.stringify(rows)], ...queryTimeoutOf(bound) });
    const withMoves = rows.filter((row) => row.m_number !== undefined);
    const stored = withMoves.length === 0 ? [] : (await client.query<{ id: string }>({ text: MOVES_SQL, values: [JSON.stringify(withMoves)], ...queryTimeoutOf(bound) })).rows;
    client.release();
    const found = new Map(read.rows.map((row) => [row.id, row]));
    const moveStored = new Set(stored.map((row) => row.id));
    for (const write of writes) outcomes.set(write.roomId, outcomeOf(write, found.get(write.roomId), moveStored.has(write.roomId), voidAfter));
  } catch {
    client.release(true); // a connection whose query timed out is not reused
  }
  return outcomes;
}

/** One write's outcome from its row as read back (undefined: the room is gone). */
function outcomeOf(write: DoubtfulWrite, row: { version: number; same_write: boolean; now: string | number } | undefined, moveStored: boolean, voidAfter: number | null): WriteOutcome {
  if (row?.same_write || moveStored) return "landed";
  if (row === undefined) return "not landed"; // the room is gone: no write of it can land
  const settled = voidAfter === null || Number(row.now) > voidAfter;
  if (!settled) return "unknown";
  // The version guard lets one write per version land: another one at ours (or none yet) means not ours.
  // Past ours, only a move row says whether ours was the write at our version.
  return row.version <= write.version || write.move !== null ? "not landed" : "unknown";
}
