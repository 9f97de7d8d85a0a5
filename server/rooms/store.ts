import type { LogEntry, RoomSeries, RoomSettings, RoomStatus } from "../../shared/protocol";
import { LIMITS } from "../../shared/protocol";
import type { PublicMoveSummary } from "../../shared/engine/types";
import type pg from "pg";
import { Prisma, type PrismaClient } from "../db/generated/client";
import { GroupCommit, isStatementError, type BatchSettings } from "./groupCommit";
import { beforeDeadline, deadlineIn, DeadlinePassedError, remainingMs, type Deadline } from "../db/deadline";
import { isDatabaseUnavailable } from "../db/outage";
import { READ_BACK_MS, readBack, UncertainWriteError, type DoubtfulWrite } from "./readBack";
import { chainRows, GENESIS_HASH, type ScoreFields } from "../scores/chain";
import type { ErasedGame } from "../../shared/engine/erase";
import { stateAfter } from "../../shared/engine/replay";
import { paceColumns, paceDeadlineOf } from "./pace";
import { recordResults } from "../ratings/results";
import { DEFAULT_SETTINGS, firstGameSeries, type MoveRow, type RoomRecord, type RoomTimer, type SeatRecord } from "./record";

/** Serialises appends to the score chain across transactions and processes. */
const SCORE_CHAIN_LOCK = 727_002;

/** A write whose expected version is no longer the stored one: someone else wrote first. */
export class StaleWriteError extends Error {
  constructor(roomId: string) {
    super(`stale write to room ${roomId}`);
    this.name = "StaleWriteError";
  }
}

export type { MoveRow } from "./record";

/** The move id is already stored for this room: the move was committed earlier (a resend). */
export class DuplicateMoveIdError extends Error {
  constructor(readonly roomId: string, readonly moveId: string) {
    super(`move id ${moveId} already used in room ${roomId}`);
    this.name = "DuplicateMoveIdError";
  }
}

/** Postgres unique_violation on (room_id, move_id); through Prisma's adapter or straight from pg. */
function isDuplicateMoveId(error: unknown): boolean {
  const text = JSON.stringify(error, Object.getOwnPropertyNames(error ?? {})) + String((error as Error | undefined)?.message ?? "");
  return /move_id/u.test(text) && /23505|unique|Unique/u.test(text);
}


/** Values that came out of JSON (engine states, moves) go back into JSON columns unchanged. */
function json(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}

/** Room persistence: every write is versioned, so a stale writer is refused instead of overwriting. */
export class RoomStore {
  private readonly batch: GroupCommit;

  constructor(
    private readonly prisma: PrismaClient,
    private readonly pool: pg.Pool,
    /** This process's name and lease length (a room's writer takes its lease, see RoomLeases). */
    private readonly lease?: BatchSettings,
  ) {
    this.batch = new GroupCommit(pool, lease);
  }

  /** The deadline of a request arriving now (DB_QUERY_TIMEOUT_MS away; none on PGlite): see deadline.ts. */
  deadline(): Deadline {
    return deadlineIn(this.lease?.expireAfterMs);
  }

  async insert(room: RoomRecord): Promise<void> {
    await this.prisma.room.create({ data: this.rowOf(room) });
  }

  /** Every stored column of a new room. */
  private rowOf(room: RoomRecord) {
    return {
      id: room.id,
      gameId: room.gameId,
      options: json(room.options),
      creatorTokenHash: room.creatorTokenHash,
      createdAt: room.createdAt,
      ...this.changingColumns(room),
    };
  }

  /** The columns a change may write, the state as a checkpoint at this move. */
  private changingColumns(room: RoomRecord) {
    return {
      status: room.status,
      seats: json(room.seats),
      settings: json(room.settings),
      timer: room.timer === null ? Prisma.DbNull : json(room.timer),
      ...paceColumns(room.deadline ?? null),
      state: room.state === null ? Prisma.DbNull : json(room.state),
      stateMoveNumber: room.moveNumber,
      seed: room.seed,
      version: room.version,
      moveNumber: room.moveNumber,
      updatedAt: room.updatedAt,
      series: json(room.series),
    };
  }

  /**
   * "Play again": the finished room (now pointing to the next game) and the next game's room, in one
   * transaction guarded by the finished room's version, so two asks at the same instant, even on two
   * processes, start one next game. Throws StaleWriteError and writes nothing when someone wrote first.
   */
  async saveRematch(finished: RoomRecord, next: RoomRecord, deadline: Deadline = this.deadline()): Promise<void> {
    await this.transaction(deadline, { roomId: finished.id, version: finished.version, updatedAt: finished.updatedAt, move: null }, async (tx) => {
      const { count } = await tx.room.updateMany({
        where: { id: finished.id, version: finished.version - 1 },
        data: { series: json(finished.series), version: finished.version, updatedAt: finished.updatedAt },
      });
      if (count !== 1) throw new StaleWriteError(finished.id);
      // The next game is in play at once: its writer holds its lease, as a move's writer does.
      const lease = this.lease ? { leaseOwner: this.lease.owner, leaseUntil: new Date(Date.now() + this.lease.ttlMs) } : {};
      await tx.room.create({ data: { ...this.rowOf(next), ...lease } });
    });
  }

  /**
   * The room as it was after its last committed change. The stored state is a checkpoint at
   * `state_move_number`; the moves logged since are applied again with the room's game (`findGame`),
   * which rebuilds exactly the state that was in memory (the engines are deterministic).
   */
  load(id: string, findGame: (gameId: string) => ErasedGame | undefined = () => undefined, deadline: Deadline = this.deadline()): Promise<RoomRecord | null> {
    return beforeDeadline(deadline, () => this.loadNow(id, findGame));
  }

  private async loadNow(id: string, findGame: (gameId: string) => ErasedGame | undefined): Promise<RoomRecord | null> {
    const row = await this.prisma.room.findUnique({ where: { id } });
    if (!row) return null;
    const behind = row.moveNumber - row.stateMoveNumber;
    const moves = await this.prisma.roomMove.findMany({
      // Not past the row's move: another process may commit more meanwhile (the next read takes them).
      where: { roomId: id, moveNumber: { lte: row.moveNumber } },
      orderBy: { moveNumber: "desc" },
      take: Math.max(LIMITS.logTail, behind),
      select: { moveNumber: true, seat: true, summary: true, move: true, moveId: true, standIn: true },
    });
    moves.reverse();
    const tail = moves.slice(-LIMITS.logTail);
    const log: LogEntry[] = tail
      .map((m) => ({ moveNumber: m.moveNumber, seat: m.seat, summary: m.summary as unknown as PublicMoveSummary, ...(m.standIn !== null && { standIn: m.standIn }) }));
    const game = findGame(row.gameId);
    const since = moves.filter((m) => m.moveNumber > row.stateMoveNumber);
    if (since.length !== behind) throw new Error(`room ${id}: ${behind} moves after its checkpoint, ${since.length} stored`);
    const state = behind > 0 && game ? stateAfter(game, row.state, since) : (row.state ?? null);
    const settings: RoomSettings = { ...DEFAULT_SETTINGS, ...(row.settings as Partial<RoomSettings>) };
    return {
      id: row.id,
      gameId: row.gameId,
      options: row.options as Record<string, unknown>,
      status: row.status as RoomStatus,
      creatorTokenHash: row.creatorTokenHash,
      seats: row.seats as unknown as SeatRecord[],
      settings,
      timer: (row.timer as RoomTimer | null) ?? null,
      // The stored deadline belongs to the stored position: any later move was written with its own.
      deadline: paceDeadlineOf(row, settings),
      state,
      seed: row.seed,
      version: row.version,
      moveNumber: row.moveNumber,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      log,
      series: (row.series as RoomSeries | null) ?? firstGameSeries((row.seats as unknown[]).length),
      moveIds: tail.flatMap((m) => (m.moveId === null ? [] : [{ moveId: m.moveId, seat: m.seat, moveNumber: m.moveNumber }])),
    };
  }

  /**
   * Writes `next` if the stored version is still `next.version - 1`, with the move (if any) and the
   * score rows of a game that just finished (if any) in the same transaction, so a finished game
   * appends its rows exactly once. Throws StaleWriteError otherwise and writes nothing.
   */
  /** `previous`: the room as it was stored before this change, if the caller has it (less to send). */
  save(next: RoomRecord, move: MoveRow | null, scores: readonly ScoreFields[] | null = null, previous: RoomRecord | null = null, deadline: Deadline = this.deadline()): Promise<void> {
    // Promise callbacks, not an async function: a move waits here for its batch (see RoomService.move).
    const written =
      scores && scores.length > 0
        ? this.saveFinished(next, move, scores, deadline)
        : // The common case goes out with the other rooms' writes of the moment, in one statement.
          this.batch.write(next, move, previous, deadline).then((committed) => (committed ? undefined : Promise.reject(new StaleWriteError(next.id))));
    const moveId = move?.moveId;
    if (!moveId) return written;
    // A resend older than the remembered tail: the unique index is the last word, nothing is written twice.
    return written.catch((error: unknown) => Promise.reject(isDuplicateMoveId(error) ? new DuplicateMoveIdError(next.id, moveId) : error));
  }

  /** The move a client named `moveId` in this room (seat and number), or null. */
  moveById(roomId: string, moveId: string, deadline: Deadline = this.deadline()): Promise<{ seat: number; moveNumber: number } | null> {
    return beforeDeadline(deadline, () => this.prisma.roomMove.findUnique({ where: { roomId_moveId: { roomId, moveId } }, select: { seat: true, moveNumber: true } }));
  }

  /** A game that just finished: the room, its last move, the score rows and the profiles' results and ratings, in one transaction. */
  private async saveFinished(next: RoomRecord, move: MoveRow | null, scores: readonly ScoreFields[], deadline: Deadline): Promise<void> {
    const doubtful = { roomId: next.id, version: next.version, updatedAt: next.updatedAt, move: move && { moveNumber: move.moveNumber, moveId: move.moveId ?? null } };
    await this.transaction(deadline, doubtful, async (tx) => {
      const { count } = await tx.room.updateMany({
        where: { id: next.id, version: next.version - 1 },
        data: this.changingColumns(next),
      });
      if (count !== 1) throw new StaleWriteError(next.id);
      if (move) {
        await tx.roomMove.create({
          data: {
            roomId: next.id,
            moveNumber: move.moveNumber,
            seat: move.seat,
            move: json(move.move),
            summary: json(move.summary),
            moveId: move.moveId ?? null,
            standIn: move.standIn ?? null,
          },
        });
      }
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SCORE_CHAIN_LOCK})`;
      const last = await tx.scoreEntry.findFirst({ orderBy: { id: "desc" }, select: { hash: true } });
      // One insert per row, in order, so ids follow the chain.
      for (const row of chainRows(last?.hash ?? GENESIS_HASH, scores)) await tx.scoreEntry.create({ data: row });
      // Under the same lock: the profiles' results and ratings land with the score rows, or neither does.
      await recordResults(tx, next, scores);
    });
  }


  /**
   * A transaction whose first statement updates the room `doubtful` names, within `deadline`. Once
   * the deadline passes it is given up: a transaction still running then rolls back instead of
   * committing, and one that had reached its commit holds the room's row until it ends. So when its
   * answer is lost (a time-out, a cut connection) a read-back of that row says for sure whether it
   * landed (readBack.ts); UncertainWriteError otherwise.
   */
  private async transaction(deadline: Deadline, doubtful: DoubtfulWrite, work: (tx: Prisma.TransactionClient) => Promise<void>): Promise<void> {
    let givenUp = false;
    const left = remainingMs(deadline);
    if (left <= 0) throw new DeadlinePassedError(); // not started: nothing changed
    const bounds = Number.isFinite(left) ? { maxWait: Math.max(1, left), timeout: Math.max(1, left) + READ_BACK_MS * 2 } : {};
    const running = this.prisma.$transaction(async (tx) => {
      await work(tx);
      if (givenUp) throw new DeadlinePassedError(); // its answer was given already: it must not commit now
    }, bounds);
    try {
      await beforeDeadline(deadline, () => running);
    } catch (error) {
      givenUp = true;
      // Refused by the database or by the version guard: rolled back, nothing changed.
      if (!isDatabaseUnavailable(error) || isStatementError(error)) throw error;
      const until = deadline === null ? null : Math.max(deadline, Date.now()) + READ_BACK_MS;
      const outcome = (await readBack(this.lease?.readBackPool ?? this.pool, [doubtful], null, until)).get(doubtful.roomId) ?? "unknown";
      if (outcome !== "landed") throw new UncertainWriteError(doubtful.roomId, outcome, error);
    }
  }

  /** The stored version of a room (null when there is no such room). */
  async version(id: string, deadline: Deadline = this.deadline()): Promise<number | null> {
    const row = await beforeDeadline(deadline, () => this.prisma.room.findUnique({ where: { id }, select: { version: true } }));
    return row?.version ?? null;
  }

  /** The game a room plays (null when there is no such room): which page to send for its address. */
  async gameOf(id: string, deadline: Deadline = this.deadline()): Promise<string | null> {
    const row = await beforeDeadline(deadline, () => this.prisma.room.findUnique({ where: { id }, select: { gameId: true } }));
    return row?.gameId ?? null;
  }

  /** The stored versions of these rooms (missing ones are left out). */
  async versions(ids: readonly string[]): Promise<Map<string, number>> {
    const rows = await this.prisma.room.findMany({ where: { id: { in: [...ids] } }, select: { id: true, version: true } });
    return new Map(rows.map((row) => [row.id, row.version]));
  }

  /** Every move of a room in order, as played (private data included: callers decide what to show). */
  async moves(roomId: string): Promise<(MoveRow & { createdAt: Date })[]> {
    const rows = await this.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    return rows.map((r) => ({
      moveNumber: r.moveNumber,
      seat: r.seat,
      move: r.move,
      summary: r.summary as unknown as PublicMoveSummary,
      standIn: r.standIn,
      createdAt: r.createdAt,
    }));
  }

  /** Rooms in play whose slow-pace deadline has passed at `now` (any process may act on them). */
  async overdue(now: Date, limit: number): Promise<string[]> {
    const rows = await this.prisma.room.findMany({
      where: { status: "playing", deadlineAt: { lte: now } },
      select: { id: true },
      orderBy: { deadlineAt: "asc" },
      take: limit,
    });
    return rows.map((row) => row.id);
  }

  /** The room a replay's public name belongs to, or null. */
  async roomOfReplay(replayId: string): Promise<string | null> {
    return (await this.prisma.room.findUnique({ where: { replayId }, select: { id: true } }))?.id ?? null;
  }

  /** Deletes rooms created before `cutoff` that never started; returns their ids. */
  async deleteUnstartedBefore(cutoff: Date): Promise<string[]> {
    const stale = await this.prisma.room.findMany({ where: { status: "waiting", createdAt: { lt: cutoff } }, select: { id: true } });
    if (stale.length === 0) return [];
    const ids = stale.map((r) => r.id);
    await this.prisma.room.deleteMany({ where: { id: { in: ids }, status: "waiting" } });
    return ids;
  }

  /** True when the database answers (used by /healthz). */
  async ping(): Promise<boolean> {
    await this.prisma.$queryRaw`SELECT 1`;
    return true;
  }
}
