import type pg from "pg";
import { connectBefore, queryTimeoutOf, remainingMs, type DatabaseClock } from "../db/deadline";
import { isStatementError } from "../rooms/groupCommit";
import { READ_BACK_MS, UncertainWriteError } from "../rooms/readBack";
import type { ChatDraft, ChatPlace } from "./chatDraft";

/** A stored chat row as the store reads it. */
export type ChatRow = { id: bigint | string; seat: number | null; colour: number | null; role: string; nickname: string; text: string | null; phrase: string | null; createdAt: Date };

const COLUMNS = `id, seat, colour, role, nickname, text, phrase, created_at AS "createdAt"`;

/**
 * A message's insert takes a shared advisory lock named after its room and client id, then checks
 * the deadline (in the database's clock) before inserting: run after it (a frozen database waking
 * up), it inserts nothing. The read-back below takes the same lock exclusively, so it waits for an
 * insert under way and stops a late one from passing the clock check before it.
 */
const INSERT_SQL = `
WITH gate AS MATERIALIZED (SELECT true AS open FROM (SELECT pg_advisory_xact_lock_shared(hashtextextended($1 || ' ' || $7, 0))) AS locked)
INSERT INTO room_chat (room_id, seat, role, nickname, text, phrase, client_id, table_id, colour)
SELECT $1, $2, $3, $4, $5, $6, $7, $9, $10 FROM gate WHERE gate.open AND clock_timestamp() < to_timestamp($8::float8 / 1000)
ON CONFLICT (room_id, client_id) DO NOTHING
RETURNING ${COLUMNS}`;

/** The pools a guarded append uses: the main one, and the read-back one (never the connection in doubt). */
export interface ChatPools {
  readonly pool: pg.Pool;
  readonly readBackPool: pg.Pool;
  readonly clock: DatabaseClock; // measured once: the insert is the message's only round trip
}

/**
 * Stores a message with a client id within `deadline` (issue 32: one deadline per request, and no
 * refusal for a message that was stored). Returns the row inserted, or null when the id was stored
 * already (a resend) or the database ran it after the deadline (nothing stored). A lost answer is read back: the row if it landed, the original error if it
 * provably did not (UNAVAILABLE), UncertainWriteError `unknown` if the database cannot say (IN_DOUBT).
 */
export async function appendOnce(pools: ChatPools, place: ChatPlace, draft: ChatDraft, clientId: string, deadline: number): Promise<ChatRow | null> {
  const { roomId, tableId } = place;
  const client = await connectBefore(pools.pool, deadline);
  let voidAfter: number;
  try {
    voidAfter = deadline + (await pools.clock.offset(client, deadline)); // the deadline in the database's clock
  } catch (error) {
    client.release(true);
    throw error; // nothing was sent for the message
  }
  try {
    const values = [roomId, draft.seat, draft.role, draft.nickname, draft.text, draft.phrase, clientId, voidAfter, tableId, draft.colour];
    const { rows } = await client.query<ChatRow>({ text: INSERT_SQL, values, ...queryTimeoutOf(deadline) });
    client.release();
    return rows[0] ?? null;
  } catch (error) {
    const answered = isStatementError(error);
    client.release(answered ? undefined : true);
    if (answered) throw error;
    const found = await readBack(pools.readBackPool, roomId, clientId, voidAfter, Math.max(deadline, Date.now()) + READ_BACK_MS);
    if (found === "unknown" || found === "not landed") throw new UncertainWriteError(roomId, found, error);
    return found;
  }
}

/** The message stored under `clientId`, "not landed" if provably none will be, "unknown" if the database cannot say by `until`. */
async function readBack(pool: pg.Pool, roomId: string, clientId: string, voidAfter: number, until: number): Promise<ChatRow | "not landed" | "unknown"> {
  let client: pg.PoolClient;
  try {
    client = await connectBefore(pool, until);
  } catch {
    return "unknown";
  }
  try {
    await client.query({ text: "BEGIN", ...queryTimeoutOf(until) });
    await client.query({ text: "SELECT pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 0))", values: [roomId, clientId], ...queryTimeoutOf(until) });
    const maxWaitS = Math.max(0, remainingMs(until) - 150) / 1000;
    const clock = await client.query<{ now: string }>({
      text: "SELECT pg_sleep(LEAST($2::float8, GREATEST(0, ($1::float8 - extract(epoch FROM clock_timestamp()) * 1000) / 1000))), extract(epoch FROM clock_timestamp()) * 1000 AS now",
      values: [voidAfter + 5, maxWaitS],
      ...queryTimeoutOf(until),
    });
    const stored = await client.query<ChatRow>({ text: `SELECT ${COLUMNS} FROM room_chat WHERE room_id = $1 AND client_id = $2`, values: [roomId, clientId], ...queryTimeoutOf(until) });
    await client.query({ text: "COMMIT", ...queryTimeoutOf(until) });
    client.release();
    if (stored.rows[0]) return stored.rows[0];
    return Number(clock.rows[0]?.now) > voidAfter ? "not landed" : "unknown";
  } catch {
    client.release(true);
    return "unknown";
  }
}
