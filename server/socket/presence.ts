const NONE: readonly never[] = [];

/**
 * Which sockets watch which room (the list a room's snapshots go to), and since when each seat has
 * been without a connection (for take-over). Seats held are derived from each socket's tokens
 * against the current room record, so they stay right when seat numbers change at the start.
 */
export class Presence<S extends { readonly id: string }> {
  private readonly rooms = new Map<string, Map<string, S>>();
  private readonly lastSeen = new Map<string, Map<number, Date>>();

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

  /** Seat numbers change once, at the start: forget what was recorded under the lobby's numbers. */
  forgetSeats(roomId: string): void {
    this.lastSeen.delete(roomId);
  }
}
