import type { LogEntry, RoomSettings, RoomStatus } from "../../shared/protocol";
import { LIMITS } from "../../shared/protocol";
import type { PublicMoveSummary } from "../../shared/engine/types";
import type pg from "pg";
import { Prisma, type PrismaClient } from "../db/generated/client";
import { GroupCommit, type BatchSettings } from "./groupCommit";
import { chainRows, GENESIS_HASH, type ScoreFields } from "../scores/chain";
import { DEFAULT_SETTINGS, type RoomRecord, type RoomTimer, type SeatRecord } from "./record";

/** Serialises appends to the score chain across transactions and processes. */
const SCORE_CHAIN_LOCK = 727_002;

/** A write whose expected version is no longer the stored one: someone else wrote first. */
export class StaleWriteError extends Error {
  constructor(roomId: string) {
    super(`stale write to room ${roomId}`);
    this.name = "StaleWriteError";
  }
}

/** One accepted move, written in the same transaction as the room's new state. */
export interface MoveRow {
  readonly moveNumber: number;
  readonly seat: number;
  readonly move: unknown;
  readonly summary: PublicMoveSummary;
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
    pool: pg.Pool,
    /** This process's name and lease length (a room's writer takes its lease, see RoomLeases). */
    batch?: BatchSettings,
  ) {
    this.batch = new GroupCommit(pool, batch);
  }

  async insert(room: RoomRecord): Promise<void> {
    await this.prisma.room.create({
      data: {
        id: room.id,
        gameId: room.gameId,
        options: json(room.options),
        status: room.status,
        creatorTokenHash: room.creatorTokenHash,
        seats: json(room.seats),
        settings: json(room.settings),
        timer: room.timer === null ? Prisma.DbNull : json(room.timer),
        state: room.state === null ? Prisma.DbNull : json(room.state),
        seed: room.seed,
        version: room.version,
        moveNumber: room.moveNumber,
        createdAt: room.createdAt,
        updatedAt: room.updatedAt,
      },
    });
  }

  async load(id: string): Promise<RoomRecord | null> {
    const row = await this.prisma.room.findUnique({ where: { id } });
    if (!row) return null;
    const moves = await this.prisma.roomMove.findMany({
      where: { roomId: id },
      orderBy: { moveNumber: "desc" },
      take: LIMITS.logTail,
      select: { moveNumber: true, seat: true, summary: true },
    });
    const log: LogEntry[] = moves
      .reverse()
      .map((m) => ({ moveNumber: m.moveNumber, seat: m.seat, summary: m.summary as unknown as PublicMoveSummary }));
    return {
      id: row.id,
      gameId: row.gameId,
      options: row.options as Record<string, unknown>,
      status: row.status as RoomStatus,
      creatorTokenHash: row.creatorTokenHash,
      seats: row.seats as unknown as SeatRecord[],
      settings: { ...DEFAULT_SETTINGS, ...(row.settings as Partial<RoomSettings>) },
      timer: (row.timer as RoomTimer | null) ?? null,
      state: row.state ?? null,
      seed: row.seed,
      version: row.version,
      moveNumber: row.moveNumber,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
      log,
    };
  }

  /**
   * Writes `next` if the stored version is still `next.version - 1`, with the move (if any) and the
   * score rows of a game that just finished (if any) in the same transaction, so a finished game
   * appends its rows exactly once. Throws StaleWriteError otherwise and writes nothing.
   */
  async save(next: RoomRecord, move: MoveRow | null, scores: readonly ScoreFields[] | null = null): Promise<void> {
    if (scores && scores.length > 0) return this.saveFinished(next, move, scores);
    // The common case goes out with the other rooms' writes of the moment, in one statement.
    if (!(await this.batch.write(next, move))) throw new StaleWriteError(next.id);
  }

  /** A game that just finished: the room, its last move and the score rows, in one transaction. */
  private async saveFinished(next: RoomRecord, move: MoveRow | null, scores: readonly ScoreFields[]): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.room.updateMany({
        where: { id: next.id, version: next.version - 1 },
        data: {
          status: next.status,
          seats: json(next.seats),
          settings: json(next.settings),
          timer: next.timer === null ? Prisma.DbNull : json(next.timer),
          state: next.state === null ? Prisma.DbNull : json(next.state),
          seed: next.seed,
          version: next.version,
          moveNumber: next.moveNumber,
          updatedAt: next.updatedAt,
        },
      });
      if (count !== 1) throw new StaleWriteError(next.id);
      if (move) {
        await tx.roomMove.create({
          data: { roomId: next.id, moveNumber: move.moveNumber, seat: move.seat, move: json(move.move), summary: json(move.summary) },
        });
      }
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(${SCORE_CHAIN_LOCK})`;
      const last = await tx.scoreEntry.findFirst({ orderBy: { id: "desc" }, select: { hash: true } });
      // One insert per row, in order, so ids follow the chain.
      for (const row of chainRows(last?.hash ?? GENESIS_HASH, scores)) await tx.scoreEntry.create({ data: row });
    });
  }


  /** The stored version of a room (null when there is no such room). */
  async version(id: string): Promise<number | null> {
    const row = await this.prisma.room.findUnique({ where: { id }, select: { version: true } });
    return row?.version ?? null;
  }

  /** Every move of a room in order, as played (private data included: callers decide what to show). */
  async moves(roomId: string): Promise<(MoveRow & { createdAt: Date })[]> {
    const rows = await this.prisma.roomMove.findMany({ where: { roomId }, orderBy: { moveNumber: "asc" } });
    return rows.map((r) => ({ moveNumber: r.moveNumber, seat: r.seat, move: r.move, summary: r.summary as unknown as PublicMoveSummary, createdAt: r.createdAt }));
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
