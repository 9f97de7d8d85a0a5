import type { ErasedGame } from "../../shared/engine/erase";
import { TableeError } from "../../shared/protocol";
import type { DatabaseGuard } from "./databaseGuard";
import type { RoomRecord } from "./record";
import type { RoomStore } from "./store";
import { timerAfterRestart } from "./timers";
import type { Deadline } from "../db/deadline";

/**
 * Finished rooms held at most (the most recently changed or read): a finished room is still looked
 * at for a while (results, chat, play again), then only as a replay or a score, read from the
 * database. Without a bound, a server running for weeks held every game it ever saw end.
 */
export const FINISHED_ROOMS_HELD = 1_000;

/**
 * Rooms never started held at most (the most recently changed or read): a lobby is read again when
 * someone comes back to it. Without a bound every lobby ever made stayed here until it expired (7
 * days), and 30 creations a minute from one address is 300,000 lobbies in a week.
 */
export const WAITING_ROOMS_HELD = 2_000;

/**
 * The first step of a pass: this process's copy of each room it holds, read from the database on
 * first use. Only the pass (after a commit) and news from other processes replace a copy. Rooms in
 * play stay held (their countdowns and computer turns run from the copy); of the finished ones only
 * the last FINISHED_ROOMS_HELD are, of the lobbies the last WAITING_ROOMS_HELD, the others are read
 * again if asked for (and, in a cluster, when another process changes one watched here:
 * RemoteChanges.receive).
 */
export class RoomCache {
  private readonly rooms = new Map<string, RoomRecord>();
  /** The ids of the finished rooms held, least recently remembered first (a Set keeps its insertion order). */
  private readonly finished = new Set<string>();
  /** The same for the rooms never started (lobbies). */
  private readonly waiting = new Set<string>();
  /** Rooms being read from the database now → the newest version announced meanwhile by another process. */
  private readonly loading = new Map<string, number>();
  /** Rooms whose last write was answered IN_DOUBT → the room as last announced (see `doubted`). */
  private readonly doubtful = new Map<string, RoomRecord>();
  /** Rooms this (lone) process dropped while their countdown ran: their next load keeps its deadline. */
  private readonly droppedCountingDown = new Set<string>();

  constructor(
    private readonly store: RoomStore,
    private readonly guard: DatabaseGuard,
    private readonly findGame: (id: string) => ErasedGame | undefined,
    private readonly clock: () => Date,
    /**
     * Several processes share the rooms: a room loaded from the database keeps its countdown's
     * deadline (another process may be running that room right now), instead of restarting it with
     * the time left at its last change as a lone server coming back from an outage does.
     */
    private readonly shared: boolean,
    /** A write answered IN_DOUBT that landed after all, found by the first load after it (see `doubted`). */
    private readonly landedAfterDoubt: (room: RoomRecord, before: RoomRecord) => void = () => {},
  ) {}

  cached(roomId: string): RoomRecord | undefined {
    return this.rooms.get(roomId);
  }

  /** Every room held here (a copy of the list). */
  held(): RoomRecord[] {
    return [...this.rooms.values()];
  }

  /** The cached copy, or the room read from the database (ROOM_NOT_FOUND, UNKNOWN_GAME). Run it in the room's lane. */
  current(roomId: string, deadline: Deadline = this.store.deadline()): Promise<RoomRecord> {
    const cached = this.rooms.get(roomId);
    return cached ? Promise.resolve(cached) : this.load(roomId, deadline);
  }

  /**
   * A write of this room was not confirmed (readBack.ts): the copy is dropped, so the next request
   * reloads the room, and kept aside until then: the first load after it announces the write (every
   * seat gets it, computers and countdowns follow) if it landed after all (a newer version).
   */
  doubted(roomId: string): void {
    const before = this.rooms.get(roomId);
    this.forget(roomId);
    if (before && !this.doubtful.has(roomId)) this.doubtful.set(roomId, before);
  }

  /** The game of a room held here, or whose copy a write in doubt set aside (metrics' labels). */
  gameIdOf(roomId: string): string | undefined {
    return (this.rooms.get(roomId) ?? this.doubtful.get(roomId))?.gameId;
  }

  /** Another process announced `version` of a room: a read under way reads again if it got an older one. */
  announced(roomId: string, version: number): void {
    const loading = this.loading.get(roomId);
    if (loading !== undefined) this.loading.set(roomId, Math.max(loading, version));
  }

  /**
   * Caches `room` unless the cache already holds a newer version (a remote change got there first);
   * returns whichever is newest.
   */
  remember(room: RoomRecord): RoomRecord {
    const cached = this.rooms.get(room.id);
    if (cached && cached.version >= room.version) return cached;
    this.rooms.set(room.id, room);
    this.finished.delete(room.id);
    this.waiting.delete(room.id);
    if (room.status === "finished") this.keepRecent(this.finished, room.id, FINISHED_ROOMS_HELD);
    else if (room.status === "waiting") this.keepRecent(this.waiting, room.id, WAITING_ROOMS_HELD);
    return room;
  }

  /** `roomId` joins `recent` as its newest; past `held`, the oldest are let go. */
  private keepRecent(recent: Set<string>, roomId: string, held: number): void {
    recent.add(roomId);
    for (const oldest of recent) {
      if (recent.size <= held) break;
      this.forget(oldest);
    }
  }

  /** Drops this process's copy of a room: the next use reloads it from the database. */
  forget(roomId: string): void {
    if (!this.shared && (this.rooms.get(roomId)?.timer?.deadline ?? null) !== null) this.droppedCountingDown.add(roomId);
    this.rooms.delete(roomId);
    this.finished.delete(roomId);
    this.waiting.delete(roomId);
  }

  private async load(roomId: string, deadline: Deadline): Promise<RoomRecord> {
    this.loading.set(roomId, 0);
    let loaded: RoomRecord | null;
    try {
      // A change announced by another process while we read may be newer than what we read: read again.
      do loaded = await this.guard.run(() => this.store.load(roomId, this.findGame, deadline), roomId);
      while (loaded && loaded.version < (this.loading.get(roomId) ?? 0));
    } finally {
      this.loading.delete(roomId);
    }
    if (!loaded) throw new TableeError("ROOM_NOT_FOUND", "no such room");
    if (!this.findGame(loaded.gameId)) throw new TableeError("UNKNOWN_GAME", `no game ${loaded.gameId}`);
    // A lone server restarts a countdown with the time left at the room's last change only when it
    // comes back from a restart (the time it was down is not the player's); a room it dropped after a
    // fault keeps the deadline it set, or the player whose move failed would get their time back.
    if (this.shared || this.droppedCountingDown.delete(roomId)) return this.afterDoubt(this.remember(loaded));
    const timer = timerAfterRestart(loaded);
    return this.afterDoubt(this.remember({ ...loaded, timer: timer && loaded.status === "playing" ? { ...timer, deadline: this.clock().getTime() + timer.remainingMs } : timer }));
  }

  private afterDoubt(room: RoomRecord): RoomRecord {
    const before = this.doubtful.get(room.id);
    if (!before) return room;
    this.doubtful.delete(room.id);
    if (room.version > before.version) this.landedAfterDoubt(room, before);
    return room;
  }
}
