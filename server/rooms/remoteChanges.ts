import type { FastifyBaseLogger } from "fastify";
import type { Deadline } from "../db/deadline";
import type { DatabaseGuard } from "./databaseGuard";
import type { Lanes } from "./lanes";
import type { Publisher } from "./publish";
import type { RoomRecord } from "./record";
import type { RoomCache } from "./roomCache";
import type { RoomStore } from "./store";

/** What the socket layer says of the rooms it watches. */
export interface RoomsWatched {
  watches(roomId: string): boolean;
  rooms(): Iterable<string>;
}

/**
 * Changes committed by other processes (a cluster): this process's copies catch up and its sockets
 * are told (`Publisher.changedElsewhere`). Nothing here decides or writes.
 */
export class RemoteChanges {
  constructor(
    private readonly cache: RoomCache,
    private readonly lanes: Lanes,
    private readonly store: RoomStore,
    private readonly guard: DatabaseGuard,
    private readonly publisher: Publisher,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The rooms sockets of this process watch (RoomService.watchedBy; none until the socket layer says). */
  watched: RoomsWatched = { watches: () => false, rooms: () => [] };

  /**
   * Another process committed `room`. A cached copy one version behind takes it as is; a copy further
   * behind (a message overtaken by a later one) is dropped and reloaded from the database; a room this
   * process does not hold is ignored unless its sockets watch it (a lobby or a finished room let go
   * of, RoomCache): then it is read and they are told. Older news than the cache is ignored too.
   */
  receive(room: RoomRecord): void {
    const cached = this.cache.cached(room.id);
    this.cache.announced(room.id, room.version);
    if (!cached && this.watched.watches(room.id)) return this.reloadAndTell(room.id);
    if (!cached || room.version <= cached.version) return;
    if (room.version === cached.version + 1) {
      this.cache.remember(room);
      this.publisher.changedElsewhere(room);
      return;
    }
    this.cache.forget(room.id);
    this.reloadAndTell(room.id);
  }

  private reloadAndTell(roomId: string): void {
    void this.lanes
      .run(roomId, () => this.cache.current(roomId))
      .then((fresh) => this.publisher.changedElsewhere(fresh))
      .catch((error: unknown) => this.guard.outages.failedInBackground(error, { roomId }, "could not reload a room changed elsewhere"));
  }

  /**
   * Messages between processes may have been lost (Redis was away): every room held here whose stored
   * version moved on, and every room watched here but not held (a lobby let go of: what its sockets
   * were last sent is not known here), is read again and pushed to this process's sockets. Returns
   * how many were.
   */
  async resync(): Promise<number> {
    const ids = new Set([...this.cache.held().map((room) => room.id), ...this.watched.rooms()]);
    if (ids.size === 0) return 0;
    const stored = await this.guard.run(() => this.store.versions([...ids]));
    let refreshed = 0;
    for (const id of ids) {
      const version = stored.get(id);
      if (version === undefined || version <= (this.cache.cached(id)?.version ?? -1)) continue;
      try {
        this.publisher.changedElsewhere(await this.reread(id, version));
        refreshed++;
      } catch (error) {
        this.guard.outages.failedInBackground(error, { roomId: id }, "could not re-read a room after an outage");
      }
    }
    return refreshed;
  }

  /**
   * The room as stored, where a copy behind the database would make a client forget something (a
   * watched seat token the copy does not know: claimed through another process while the messages
   * between processes were lost). One version read; a copy behind it is read again and pushed to
   * this process's sockets, as `resync` does.
   */
  async catchUp(roomId: string, deadline: Deadline): Promise<RoomRecord> {
    const stored = await this.guard.run(() => this.store.version(roomId, deadline), roomId);
    const cached = this.cache.cached(roomId);
    if (stored === null || (cached !== undefined && stored <= cached.version)) return this.lanes.run(roomId, () => this.cache.current(roomId, deadline));
    const fresh = await this.reread(roomId, stored, deadline);
    this.publisher.changedElsewhere(fresh);
    return fresh;
  }

  /** The room read again, in its lane, unless the copy held here has reached `version` meanwhile. */
  private reread(roomId: string, version: number, deadline?: Deadline): Promise<RoomRecord> {
    return this.lanes.run(roomId, () => {
      if ((this.cache.cached(roomId)?.version ?? -1) < version) this.cache.forget(roomId);
      return this.cache.current(roomId, deadline);
    });
  }
}
