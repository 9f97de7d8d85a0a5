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
   * `failed` hears a listener that threw: the change is committed and the others must still hear of
   * it (the computer's and the clock's drivers come after the broadcast: skipped, the room would stall),
   * and its author must not be told it failed.
   */
  constructor(private readonly failed: (error: unknown, room: RoomRecord) => void) {}

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
    for (const listener of this.local) this.tell(() => listener(after, before), after);
  }

  changedElsewhere(room: RoomRecord): void {
    for (const listener of this.remote) this.tell(() => listener(room), room);
  }

  private tell(listen: () => void, room: RoomRecord): void {
    try {
      listen();
    } catch (error) {
      this.failed(error, room);
    }
  }
}
