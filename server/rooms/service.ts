import type { FastifyBaseLogger } from "fastify";
import type { ErasedGame } from "../../shared/engine/erase";
import { findGame } from "../../shared/games/registry";
import { TableeError, type SeatConfigKind } from "../../shared/protocol";
import { Lanes } from "./lanes";
import { isCreator, seatOfToken, type RoomRecord } from "./record";
import { StaleWriteError, type MoveRow, type RoomStore } from "./store";
import * as transitions from "./transitions";
import { hashToken, newRoomId, newSeed, newToken } from "./tokens";

export type RoomListener = (room: RoomRecord) => void;

/**
 * The authoritative room service. Every change runs in the room's lane: read the cached record,
 * compute the next one with a pure transition, commit it to the database, and only then replace
 * the cached record and tell the listeners (who broadcast). A failed commit changes nothing.
 */
export class RoomService {
  private readonly cache = new Map<string, RoomRecord>();
  private readonly lanes = new Lanes();
  private readonly listeners = new Set<RoomListener>();

  constructor(
    private readonly store: RoomStore,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  onChange(listener: RoomListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async create(gameId: string, rawOptions: unknown): Promise<{ roomId: string; creatorToken: string }> {
    const game = findGame(gameId);
    if (!game) throw new TableeError("UNKNOWN_GAME", `no game ${gameId}`);
    const options = game.optionsSchema.safeParse(rawOptions);
    if (!options.success) throw new TableeError("BAD_OPTIONS", options.error.issues[0]?.message ?? "bad options");
    const creatorToken = newToken();
    const room = transitions.newRoom(newRoomId(), game, options.data as Record<string, unknown>, hashToken(creatorToken), this.clock());
    await this.guardDatabase(() => this.store.insert(room));
    this.cache.set(room.id, room);
    this.log.info({ roomId: room.id, gameId }, "room created");
    return { roomId: room.id, creatorToken };
  }

  /** The current record (loaded from the database on first use), or ROOM_NOT_FOUND. */
  get(roomId: string): Promise<RoomRecord> {
    return this.lanes.run(roomId, () => this.current(roomId));
  }

  claimSeat(roomId: string, seat: number, nickname: string): Promise<{ seat: number; seatToken: string }> {
    const seatToken = newToken();
    return this.mutate(roomId, (room) => ({
      next: transitions.claimSeat(room, seat, nickname, hashToken(seatToken), this.clock()),
      result: { seat, seatToken },
    }));
  }

  configureSeat(roomId: string, creatorToken: string, seat: number, kind: SeatConfigKind, bot: string | undefined): Promise<void> {
    return this.mutate(roomId, (room) => {
      this.requireCreator(room, creatorToken);
      return { next: transitions.configureSeat(room, gameOf(room), seat, kind, bot, this.clock()), result: undefined };
    });
  }

  start(roomId: string, creatorToken: string): Promise<void> {
    return this.mutate(roomId, (room) => {
      this.requireCreator(room, creatorToken);
      return { next: transitions.startGame(room, gameOf(room), newSeed(), this.clock()), result: undefined };
    });
  }

  move(roomId: string, seat: number, seatToken: string, move: unknown): Promise<{ moveNumber: number }> {
    return this.mutate(roomId, (room) => {
      if (seatOfToken(room, hashToken(seatToken)) !== seat) throw new TableeError("NOT_YOUR_SEAT", "this token does not hold that seat");
      const accepted = transitions.playMove(room, gameOf(room), seat, move, this.clock());
      const row: MoveRow = { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary };
      return { next: accepted.room, move: row, result: { moveNumber: accepted.room.moveNumber } };
    });
  }

  /** Waits for every in-flight change to be committed (graceful shutdown). */
  drain(): Promise<void> {
    return this.lanes.idle();
  }

  private requireCreator(room: RoomRecord, creatorToken: string): void {
    if (!isCreator(room, hashToken(creatorToken))) throw new TableeError("NOT_CREATOR", "only the room's creator may do this");
  }

  private async current(roomId: string): Promise<RoomRecord> {
    const cached = this.cache.get(roomId);
    if (cached) return cached;
    const loaded = await this.guardDatabase(() => this.store.load(roomId));
    if (!loaded) throw new TableeError("ROOM_NOT_FOUND", "no such room");
    if (!findGame(loaded.gameId)) throw new TableeError("UNKNOWN_GAME", `no game ${loaded.gameId}`);
    this.cache.set(roomId, loaded);
    return loaded;
  }

  private mutate<T>(roomId: string, change: (room: RoomRecord) => { next: RoomRecord; move?: MoveRow; result: T }): Promise<T> {
    return this.lanes.run(roomId, async () => {
      const room = await this.current(roomId);
      const { next, move, result } = change(room);
      try {
        await this.guardDatabase(() => this.store.save(next, move ?? null));
      } catch (error) {
        if (error instanceof StaleWriteError) {
          // Another writer got there first: forget our copy so the next call reloads the truth.
          this.cache.delete(roomId);
          throw new TableeError("CONFLICT", "the room changed meanwhile; try again");
        }
        throw error;
      }
      this.cache.set(roomId, next);
      for (const listener of this.listeners) listener(next);
      return result;
    });
  }

  /** Database failures become UNAVAILABLE for the client; the details go to the log only. */
  private async guardDatabase<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof StaleWriteError || error instanceof TableeError) throw error;
      this.log.error({ err: error }, "database operation failed");
      throw new TableeError("UNAVAILABLE", "the service is temporarily unavailable; nothing was changed");
    }
  }
}

function gameOf(room: RoomRecord): ErasedGame {
  const game = findGame(room.gameId);
  if (!game) throw new TableeError("UNKNOWN_GAME", `no game ${room.gameId}`);
  return game;
}
