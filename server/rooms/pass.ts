import type { ErasedGame } from "../../shared/engine/erase";
import { TableeError } from "../../shared/protocol";
import type { Metrics } from "../metrics/metrics";
import type { DatabaseGuard } from "./databaseGuard";
import { writeOf, type Command, type Write } from "./decide";
import type { Lanes } from "./lanes";
import type { Publisher } from "./publish";
import type { RoomRecord } from "./record";
import type { RoomCache } from "./roomCache";
import { StaleWriteError, type RoomStore } from "./store";
import type { Deadline } from "../db/deadline";

/** A change refused because another process wrote first is decided again on fresh data this often. */
const STALE_RETRIES = 3;

/** What a pass needs from the rest of the room service. */
export interface PassParts {
  readonly cache: RoomCache;
  readonly lanes: Lanes;
  readonly store: RoomStore;
  readonly guard: DatabaseGuard;
  readonly publisher: Publisher;
  readonly gameOf: (room: RoomRecord) => ErasedGame;
  readonly clock: () => Date;
  /** Other processes share the rooms: a refusal is checked against the stored version first. */
  readonly shared: boolean;
  readonly metrics: Pick<Metrics, "observeCommit">;
}

/**
 * One pass per change, in the room's lane, top to bottom:
 *
 *   load (the cached copy, or the database) → decide (the command, then `writeOf`: pure)
 *     → commit (the group commit; a failed commit changes nothing) → publish (cache, then listeners)
 *
 * Every kind of change (a player's move, a computer's, a countdown, a late turn, a take-over,
 * settings, "play again", pause, resume, seats) is a `Command` run by this one pass.
 */
export class RoomPass {
  private accepting = true;

  /** False once the process is shutting down (its health check then says so). */
  get isAccepting(): boolean {
    return this.accepting;
  }

  constructor(private readonly parts: PassParts) {}

  /**
   * Runs `command` on the room, in its lane; resolves with the command's answer once committed and
   * published. `deadline`: the request's, from its arrival (lane wait, load, writes and retries
   * included: db/deadline.ts).
   */
  run<T>(roomId: string, command: Command<T>, deadline: Deadline = this.parts.store.deadline()): Promise<T> {
    if (!this.accepting) return Promise.reject(new TableeError("UNAVAILABLE", "the server is restarting; try again in a moment"));
    return this.parts.lanes.run(roomId, () => this.untilFresh(roomId, command, 1, deadline));
  }

  /** Shutdown: from now on every change is refused with UNAVAILABLE (those already queued still run). */
  stopAccepting(): void {
    this.accepting = false;
  }

  /** `once`, decided again on fresh data when another writer (another process) got there first. */
  private untilFresh<T>(roomId: string, command: Command<T>, attempt: number, deadline: Deadline): Promise<T> {
    return this.once(roomId, command, deadline).catch((error: unknown) => {
      if (!(error instanceof StaleWriteError)) return Promise.reject(error);
      // Reload the truth, so the change is checked against the room as it now is (a move may no longer be legal).
      this.parts.cache.forget(roomId);
      if (attempt >= STALE_RETRIES) return Promise.reject(new TableeError("CONFLICT", "the room changed meanwhile; try again"));
      // The sockets here hear of what another writer did (its announcement may never come: it died after
      // committing), even if the change then decides nothing (a resent move it had already played).
      return this.parts.cache.current(roomId, deadline).then((fresh) => {
        this.parts.publisher.changedElsewhere(fresh);
        return this.untilFresh(roomId, command, attempt + 1, deadline);
      });
    });
  }

  // Promise callbacks rather than an async function: under load each move waits here for its batch,
  // and every suspended async frame (with its locals) outlives the young generation.
  private once<T>(roomId: string, command: Command<T>, deadline: Deadline): Promise<T> {
    const cached = this.parts.cache.cached(roomId);
    if (cached) return this.decideAndCommit(cached, command, deadline);
    return this.parts.cache.current(roomId, deadline).then((room) => this.decideAndCommit(room, command, deadline));
  }

  private decideAndCommit<T>(room: RoomRecord, command: Command<T>, deadline: Deadline): Promise<T> {
    const now = this.parts.clock();
    const game = this.parts.gameOf(room);
    let changed: ReturnType<Command<T>>;
    try {
      changed = command(room, game, now);
    } catch (error) {
      return this.refused(room, error, deadline);
    }
    if (changed.next === room) return Promise.resolve(changed.result); // nothing to change, nothing to write
    const write = writeOf(room, changed, game, now.getTime());
    return this.commit(write, deadline).then(() => {
      this.publish(write);
      return changed.result;
    });
  }

  /**
   * Refused on our copy: with other processes about, make sure the copy was not behind (a change
   * announced elsewhere may still be on its way) before the refusal stands.
   */
  private refused(room: RoomRecord, error: unknown, deadline: Deadline): Promise<never> {
    if (!this.parts.shared || !(error instanceof TableeError)) return Promise.reject(error);
    return this.parts.guard.run(() => this.parts.store.version(room.id, deadline), room.id).then((stored) => Promise.reject(stored !== room.version ? new StaleWriteError(room.id) : error));
  }

  /** Commits a write: with the other rooms' writes of the moment, or in one transaction with the next game it opens. */
  private commit(write: Write, deadline: Deadline): Promise<void> {
    const { next, previous, move, scores, created } = write;
    const { store, guard, metrics } = this.parts;
    if (created) return guard.run(() => store.saveRematch(next, created, deadline), next.id);
    return guard.run(() => metrics.observeCommit(store.save(next, move, scores, previous, deadline)), next.id);
  }

  /** A committed change: cached, then told to the listeners. The new room first: clients told to follow the finished room's pointer find it already here. */
  private publish(write: Write): void {
    const { cache, publisher } = this.parts;
    if (write.created) {
      cache.remember(write.created);
      publisher.committed(write.created, null);
    }
    cache.remember(write.next);
    publisher.committed(write.next, write.previous);
  }
}
