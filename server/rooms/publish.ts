import type { RoomRecord } from "./record";

/** Told of a room another process changed, once this process's copy has caught up. */
export type RoomListener = (room: RoomRecord) => void;
/** A change committed by this process: the room after it, and before it (null for a room it opened). */
export type CommitListener = (room: RoomRecord, previous: RoomRecord | null) => void;

/**
 * The last step of a pass: who hears of a committed change (views to sockets, push notices, the
 * cluster fan-out, the bot and countdown drivers). Listeners only listen: they never call back into
 * the room service while being told (the drivers schedule their own later command instead), so a
 * pass cannot re-enter its own lane.
 */
export class Publisher {
  private readonly local = new Set<CommitListener>();
  private readonly remote = new Set<RoomListener>();

  /**
   * Changes this process committed (bots, countdowns, broadcasts and pushes follow them); never those
   * of other processes (`onRemote`), so each change is acted on once in a cluster.
   */
  onCommit(listener: CommitListener): () => void {
    this.local.add(listener);
    return () => this.local.delete(listener);
  }

  /** Changes another process committed (broadcasts only). */
  onRemote(listener: RoomListener): () => void {
    this.remote.add(listener);
    return () => this.remote.delete(listener);
  }

  committed(after: RoomRecord, before: RoomRecord | null): void {
    for (const listener of this.local) listener(after, before);
  }

  changedElsewhere(room: RoomRecord): void {
    for (const listener of this.remote) listener(room);
  }
}
