/**
 * Which sockets watch which room: the list a room's snapshots go to. Seats held are derived from each
 * socket's tokens against the current room record, so they stay right when seats change.
 */
export class Presence<S extends { readonly id: string }> {
  private readonly rooms = new Map<string, Map<string, S>>();

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

  sockets(roomId: string): S[] {
    return [...(this.rooms.get(roomId)?.values() ?? [])];
  }

  roomCount(): number {
    return this.rooms.size;
  }
}
