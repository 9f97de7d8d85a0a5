import type pg from "pg";
import { WRITE_EXTENDS_BELOW } from "../cluster/leases";
import { connectBefore, DatabaseClock, deadlineIn, DeadlinePassedError, queryTimeoutOf, type Deadline } from "../db/deadline";
import { isDatabaseUnavailable } from "../db/outage";
import { READ_BACK_MS, readBack, UncertainWriteError } from "./readBack";
import type { MoveRow, RoomRecord } from "./record";

/** Who writes (the lease it takes, see RoomLeases) and whether the statement may be prepared once per connection. */
export interface BatchSettings {
  readonly owner: string;
  readonly ttlMs: number;
  readonly prepare: boolean;
  /**
   * A request's bound (DB_QUERY_TIMEOUT_MS): a write is answered within it (plus READ_BACK_MS when its
   * answer was lost). Each statement carries its deadline in the database's clock and matches no row
   * after it, so a frozen database that runs it later changes nothing. Unset: no deadline (PGlite).
   */
  readonly expireAfterMs?: number;
  readonly onBatch?: (size: number) => void; // metrics: how many writes each statement carried
  /** A second, small pool for reading back writes whose answer was lost (never the connection in doubt). */
  readonly readBackPool?: pg.Pool;
}

/** One room write waiting for the next batch. */
interface PendingWrite {
  readonly next: RoomRecord;
  readonly move: MoveRow | null;
  /** The room as stored at `next.version - 1` (the version guard makes sure), if the writer has it. */
  readonly previous: RoomRecord | null;
  readonly deadline: Deadline; // the request's (deadline.ts)
  readonly applied: (committed: boolean) => void;
  readonly failed: (error: unknown) => void;
}

/**
 * Every row of a batch in one statement: the version-checked UPDATE of each room and, for the rooms
 * it matched, their move rows. One statement is one transaction, so a batch costs the database one
 * commit (one WAL flush) instead of one per room, and the server one round trip. Rooms whose stored
 * version moved on are simply not matched: their ids are missing from the result. The writer takes the
 * room's lease (see RoomLeases): it has the newest state, so it runs the computer turn or countdown next.
 * No indexed column changes during play, so Postgres writes the move's update as a HOT update (no
 * index entries, see migrations 0011 and 0012), lease extension included. A lease it already holds
 * with five sixths of its time left is kept as it is: a row version that differs from the last in fewer
 * bytes, and Postgres logs only the bytes that differ (why five sixths: WRITE_EXTENDS_BELOW).
 */
const BATCH_SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(
    id text, status text, seats jsonb, settings jsonb, timer jsonb, deadline_at timestamptz, pace_left_ms int, state jsonb, seed text,
    version int, move_number int, updated_at timestamptz, series jsonb, checkpoint boolean,
    keep_seats boolean, keep_settings boolean, keep_series boolean,
    m_number int, m_seat int, m_move jsonb, m_summary jsonb, m_id text, m_stand_in text)
), updated AS (
  UPDATE rooms r SET status = i.status, timer = i.timer, deadline_at = i.deadline_at, pace_left_ms = i.pace_left_ms,
    seats = CASE WHEN i.keep_seats THEN r.seats ELSE i.seats END,
    settings = CASE WHEN i.keep_settings THEN r.settings ELSE i.settings END,
    state = CASE WHEN i.checkpoint THEN i.state ELSE r.state END,
    state_move_number = CASE WHEN i.checkpoint THEN i.move_number ELSE r.state_move_number END,
    seed = i.seed, version = i.version, move_number = i.move_number, updated_at = i.updated_at,
    series = CASE WHEN i.keep_series THEN r.series ELSE i.series END,
    lease_owner = $2,
    lease_until = CASE WHEN r.lease_owner = $2 AND r.lease_until > timezone('UTC', now()) + make_interval(secs => $3::float8 * ${WRITE_EXTENDS_BELOW})
                       THEN r.lease_until ELSE timezone('UTC', now()) + make_interval(secs => $3::float8) END
  FROM input i WHERE r.id = i.id AND r.version = i.version - 1
    AND ($4::float8 IS NULL OR clock_timestamp() < to_timestamp($4::float8 / 1000))
  RETURNING r.id
), moves AS (
  INSERT INTO room_moves (room_id, move_number, seat, move, summary, move_id, stand_in, created_at)
  SELECT i.id, i.m_number, i.m_seat, i.m_move, i.m_summary, i.m_id, i.m_stand_in, i.updated_at
  FROM input i JOIN updated u ON u.id = i.id WHERE i.m_number IS NOT NULL
)
SELECT id FROM updated`;

/**
 * A move's write carries the room's whole engine state only every CHECKPOINT_EVERY moves (and with
 * every change that is not a move, and at the end); in between, the move row is the truth and a load
 * replays the moves since the last checkpoint (RoomStore.load). Serialising and rewriting a state of
 * several kilobytes for every move was most of a commit's cost.
 */
export const CHECKPOINT_EVERY = 20;

export function isCheckpoint(next: RoomRecord, move: MoveRow | null): boolean {
  return move === null || next.status !== "playing" || next.moveNumber % CHECKPOINT_EVERY === 0;
}

/**
 * One row of a batch's JSON. A column whose value is NULL is left out (`undefined`: JSON.stringify
 * drops it), and jsonb_to_recordset reads a missing key as NULL: about a fifth of a move's row, which
 * the server need not write nor the database parse. The keep_* flags and `checkpoint` are always
 * sent: a NULL flag would take the other branch of its CASE (write NULL seats, keep an old state).
 */
function rowOf({ next, move, previous: given }: PendingWrite): object {
  const checkpoint = isCheckpoint(next, move);
  const previous = given?.id === next.id && given.version === next.version - 1 ? given : null;
  // Records keep an unchanged part by reference: a move sends no seats, settings or series (most of
  // a row's JSON), and the row keeps its own (the version guard says it is `previous`'s).
  const keepSeats = previous?.seats === next.seats;
  const keepSettings = previous?.settings === next.settings;
  const keepSeries = previous?.series === next.series;
  return {
    checkpoint,
    keep_seats: keepSeats,
    keep_settings: keepSettings,
    keep_series: keepSeries,
    id: next.id,
    status: next.status,
    seats: keepSeats ? undefined : next.seats,
    settings: keepSettings ? undefined : next.settings,
    timer: next.timer ?? undefined,
    deadline_at: next.deadline?.deadline ? new Date(next.deadline.deadline).toISOString() : undefined,
    pace_left_ms: next.deadline?.deadline === null ? next.deadline.remainingMs : undefined,
    state: checkpoint ? next.state : undefined,
    seed: next.seed,
    version: next.version,
    move_number: next.moveNumber,
    updated_at: next.updatedAt.toISOString(),
    series: keepSeries ? undefined : next.series,
    m_number: move?.moveNumber,
    m_seat: move?.seat,
    m_move: move?.move,
    m_summary: move?.summary,
    m_id: move?.moveId ?? undefined,
    m_stand_in: move?.standIn ?? undefined,
  };
}

/**
 * Group commit for room writes. A write joins the queue; while fewer than `concurrency` batches are
 * in flight the queue is sent at once, otherwise it grows until one comes back. Under light load a
 * write goes out alone with no added delay; under heavy load hundreds share one statement.
 * Writes to one room never share a batch: a room's lane waits for its previous write.
 *
 * Every write carries its request's deadline, and everything it costs fits in it: the wait for a
 * connection, the statement, a retry of a batch one row sank. A write whose answer is lost (the
 * statement timed out after it was sent, the connection died mid-commit) is read back on another
 * connection (readBack.ts) before it is answered: acknowledged if it landed, refused if it provably
 * did not, UncertainWriteError `unknown` if the database cannot say yet.
 */
export class GroupCommit {
  private queue: PendingWrite[] = [];
  /** No write of the queue is due before this (it may be earlier than the queue's earliest deadline: then one walk puts it right). */
  private queueDueAt = Number.POSITIVE_INFINITY;
  private inFlight = 0;
  private readonly clock = new DatabaseClock();

  constructor(
    private readonly pool: pg.Pool,
    private readonly lease: BatchSettings = { owner: "local", ttlMs: 15_000, prepare: false },
    private readonly concurrency = 4,
    private readonly maxBatch = 500,
  ) {}

  /**
   * Resolves true when committed, false when the stored version was not `next.version - 1`.
   * `previous`: the room at that version, when the writer has it (columns it shares are not sent).
   * `deadline`: when the request must be answered (default: DB_QUERY_TIMEOUT_MS from now).
   */
  write(next: RoomRecord, move: MoveRow | null, previous: RoomRecord | null = null, deadline: Deadline = deadlineIn(this.lease.expireAfterMs)): Promise<boolean> {
    return new Promise((applied, failed) => {
      this.queue.push({ next, move, previous, deadline, applied, failed });
      if (deadline !== null && deadline < this.queueDueAt) this.queueDueAt = deadline;
      this.pump();
    });
  }

  private pump(): void {
    // A write whose time is up is refused unsent: nothing was changed, provably. The queue (at the
    // peak it holds hundreds) is walked only once its earliest deadline has passed, not at every write.
    const now = Date.now();
    if (this.queueDueAt <= now) {
      const due = (write: PendingWrite): boolean => write.deadline !== null && write.deadline <= now;
      for (const write of this.queue.filter(due)) write.failed(new DeadlinePassedError());
      this.queue = this.queue.filter((write) => !due(write));
      this.queueDueAt = this.queue.reduce((earliest, write) => (write.deadline !== null && write.deadline < earliest ? write.deadline : earliest), Number.POSITIVE_INFINITY);
    }
    while (this.inFlight < this.concurrency && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.lease.onBatch?.(batch.length);
      this.inFlight++;
      void this.send(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async send(batch: readonly PendingWrite[]): Promise<void> {
    const deadline = earliest(batch);
    let client: pg.PoolClient | undefined;
    let voidAfter = Number.POSITIVE_INFINITY; // in the database's clock: when the statement stops matching
    try {
      client = await connectBefore(this.pool, deadline);
      // A statement the database runs after the deadline (it was frozen, the bytes were held) matches no row.
      if (deadline !== null && this.lease.expireAfterMs !== undefined) voidAfter = deadline + (await this.clock.offset(client, deadline));
    } catch (error) {
      client?.release(true);
      for (const write of batch) write.failed(error); // nothing of the batch was sent
      return;
    }
    try {
      // Named: each connection parses and plans the statement once, then only executes it. Not on
      // the embedded PGlite, whose one session is shared by every socket connection to it.
      const result = await client.query<{ id: string }>({
        ...(this.lease.prepare ? { name: "tablee-room-batch" } : {}),
        text: BATCH_SQL,
        values: [JSON.stringify(batch.map(rowOf)), this.lease.owner, this.lease.ttlMs / 1000, Number.isFinite(voidAfter) ? voidAfter : null],
        ...queryTimeoutOf(deadline),
      });
      client.release();
      const matched = new Set(result.rows.map((row) => row.id));
      for (const write of batch) write.applied(matched.has(write.next.id));
    } catch (error) {
      const answered = isStatementError(error); // the database refused the statement: it changed nothing
      client.release(answered ? undefined : true);
      if (!answered) return this.readBack(batch, error, voidAfter, deadline);
      if (batch.length === 1 || isDatabaseUnavailable(error)) {
        for (const write of batch) write.failed(error);
        return;
      }
      // One bad row must not sink the others: send each alone, within the same deadlines, so the error reaches its own writer.
      await Promise.all(batch.map((write) => this.send([write])));
    }
  }

  /** The batch's answer was lost: each write answered as the database says it went (readBack.ts). */
  private async readBack(batch: readonly PendingWrite[], error: unknown, voidAfter: number, deadline: Deadline): Promise<void> {
    const until = deadline === null ? null : Math.max(deadline, Date.now()) + READ_BACK_MS;
    const doubtful = batch.map(({ next, move }) => ({
      roomId: next.id,
      version: next.version,
      updatedAt: next.updatedAt,
      move: move && { moveNumber: move.moveNumber, moveId: move.moveId ?? null },
    }));
    const outcomes = await readBack(this.lease.readBackPool ?? this.pool, doubtful, voidAfter, until);
    for (const write of batch) {
      const outcome = outcomes.get(write.next.id) ?? "unknown";
      if (outcome === "landed") write.applied(true);
      else write.failed(new UncertainWriteError(write.next.id, outcome, error));
    }
  }
}

/** The batch's deadline: its most pressed write's. */
function earliest(batch: readonly PendingWrite[]): Deadline {
  let deadline: Deadline = null;
  for (const write of batch) if (write.deadline !== null && (deadline === null || write.deadline < deadline)) deadline = write.deadline;
  return deadline;
}

/**
 * Postgres answered the statement with an ERROR: its transaction was rolled back, nothing changed.
 * A FATAL (the backend terminated) or no answer at all (a time-out, a cut connection) leaves the
 * outcome open: the commit may have happened before.
 */
export function isStatementError(error: unknown): boolean {
  return error instanceof Error && (error as { severity?: unknown }).severity === "ERROR";
}
