const NONE: readonly never[] = [];

/**
 * Which sockets watch which room (the list a room's snapshots go to), and since when each seat has
 * been without a connection (for take-over). Seats held are derived from each socket's tokens
 * against the current room record, so they stay right when seat numbers change at the start.
 */
export class Presence<S extends { readonly id: string }> {
  private readonly rooms = new Map<string, Map<string, S>>();
  private readonly lastSeen = new Map<string, Map<number, Date>>();
  /** Per room, the status and version of its last broadcast here (updated in place: GC work per move). */
  private readonly lastSent = new Map<string, { status: string; version: number }>();

  constructor(private readonly startedAt: Date = new Date()) {}

  add(roomId: string, socket: S): void {
    let sockets = this.rooms.get(roomId);
    if (!sockets) this.rooms.set(roomId, (sockets = new Map()));
    sockets.set(socket.id, socket);
  }

  remove(roomId: string, socketId: string): void {
    const sockets = this.rooms.get(roomId);
    if (!sockets) return;
    sockets.delete(socketId);
    if (sockets.size === 0) this.rooms.delete(roomId);
  }

  /** The sockets watching a room, as held (not copied: this runs at every change of every room). */
  sockets(roomId: string): Iterable<S> {
    return this.rooms.get(roomId)?.values() ?? NONE;
  }

  /** The rooms some socket here watches. */
  watchedRooms(): Iterable<string> {
    return this.rooms.keys();
  }

  count(roomId: string): number {
    return this.rooms.get(roomId)?.size ?? 0;
  }

  /** Records that these seats were connected just now (called on every presence change). */
  touch(roomId: string, seats: Iterable<number>, now: Date): void {
    let seen = this.lastSeen.get(roomId);
    if (!seen) this.lastSeen.set(roomId, (seen = new Map()));
    for (const seat of seats) seen.set(seat, now);
  }

  /** When a seat was last connected; seats never seen by this process count from its start. */
  lastConnected(roomId: string, seat: number): Date {
    return this.lastSeen.get(roomId)?.get(seat) ?? this.startedAt;
  }

  /**
   * Notes a room's change before it is broadcast; false if it is older than the last one broadcast
   * here (with several processes, a change committed here may be announced after a later one).
   * Seat numbers change once, at the start: what was seen under the lobby's numbers is forgotten.
   */
  noteBroadcast(roomId: string, status: string, version: number): boolean {
    const last = this.lastSent.get(roomId);
    if (last && version < last.version) return false;
    if (last?.status === "waiting" && status !== "waiting") this.lastSeen.delete(roomId);
    if (last) {
      last.status = status;
      last.version = version;
    } else this.lastSent.set(roomId, { status, version });
    return true;
  }

  /**
   * Forgets a room nobody here watches any more unless it is in play or paused (a seat's away time
   * counts from what is kept, through a pause too): a finished game or a lobby has no turn to time nor
   * seat to take over, and a server up for months would otherwise keep an entry for every room it
   * ever broadcast, abandoned lobbies included.
   */
  releaseUnwatched(roomId: string): void {
    const status = this.lastSent.get(roomId)?.status;
    if (this.count(roomId) > 0 || status === "playing" || status === "paused") return;
    this.lastSent.delete(roomId);
    this.lastSeen.delete(roomId);
  }

  /** How many rooms this holds anything for (a gauge for tests and metrics). */
  roomsRemembered(): number {
    return new Set([...this.rooms.keys(), ...this.lastSeen.keys(), ...this.lastSent.keys()]).size;
  }
}
