import type { FastifyBaseLogger } from "fastify";
import type { OutageLog } from "../db/outage";
import type { ErasedGame } from "../../shared/engine/erase";
import type { Seat } from "../../shared/engine/types";
import type { RoomRecord } from "../rooms/record";
import { pushPayloadOf } from "./messages";
import { noticesFor, type Notice } from "./notifier";
import type { PushSender } from "./sender";
import type { PushStore } from "./store";

/** Where a push went, for the log: the endpoint's origin (the whole URL is a capability). */
function originOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return "(unreadable endpoint)";
  }
}

/** Cheap first look: a move, a status change or a new rematch ask, in a room with a human seat. */
function mayConcernSomeone(previous: RoomRecord | null, next: RoomRecord): previous is RoomRecord {
  if (previous === null || !next.seats.some((seat) => seat.kind === "human")) return false;
  return previous.moveNumber !== next.moveNumber || previous.status !== next.status || previous.series.rematchAsks.length !== next.series.rematchAsks.length;
}

/** How long shutdown waits for pushes under way (each is bounded by the sender's timeout anyway). */
const CLOSE_GRACE_MS = 2_000;

/**
 * Turns the changes this process commits into pushes. Called right after a commit, it decides at once
 * (a pure function of the room before and after and who is connected) and does the rest — reading the
 * subscriptions, encrypting, sending — in the background: a push never slows or fails a move, and its
 * failures are only logged. A subscription the push service calls gone (404/410) is deleted.
 */
export class PushDispatcher {
  private readonly underway = new Set<Promise<void>>();
  private stopped = false;

  constructor(
    private readonly store: PushStore,
    private readonly sender: PushSender,
    private readonly findGame: (gameId: string) => ErasedGame | undefined,
    private readonly log: FastifyBaseLogger,
    /** Where a failed push goes: a database outage is summarised there, anything else is one warning. */
    private readonly outages: Pick<OutageLog, "failedInBackground"> | null = null,
  ) {}

  /**
   * A change committed here: `previous` is the room before it (null for a room it opened); `connected`
   * gives the seats with a socket, asked only when the change may concern someone (not on every commit).
   */
  committed(previous: RoomRecord | null, next: RoomRecord, connected: () => ReadonlySet<Seat>): void {
    if (this.stopped) return;
    const game = this.findGame(next.gameId);
    if (!game) return;
    if (previous === null && next.series.previousRoomId !== null) {
      this.track(this.store.followRematch(next.series.previousRoomId, next.id).then(() => undefined), next.id, "push subscriptions not carried to the next game");
    }
    if (!mayConcernSomeone(previous, next)) return;
    let notices: Notice[];
    try {
      notices = noticesFor(previous, next, game, connected());
    } catch (error) {
      this.log.warn({ err: error, roomId: next.id }, "push notices not decided");
      return;
    }
    if (notices.length > 0) this.track(this.deliver(next, game, notices), next.id, "pushes not sent");
  }

  /** Shutdown: no new pushes; those under way get a short grace. */
  async close(): Promise<void> {
    this.stopped = true;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([Promise.allSettled([...this.underway]), new Promise((resolve) => (timer = setTimeout(resolve, CLOSE_GRACE_MS)))]);
    clearTimeout(timer);
  }

  private track(work: Promise<void>, roomId: string, failure: string): void {
    const logged = work.catch((error: unknown) => {
      if (this.outages) this.outages.failedInBackground(error, { roomId }, failure);
      else this.log.warn({ err: error, roomId }, failure);
    });
    this.underway.add(logged);
    void logged.finally(() => this.underway.delete(logged));
  }

  private async deliver(room: RoomRecord, game: ErasedGame, notices: readonly Notice[]): Promise<void> {
    const hashOf = (seat: Seat) => room.seats[seat]?.tokenHash ?? null;
    const hashes = notices.map((notice) => hashOf(notice.seat)).filter((hash): hash is string => hash !== null);
    const subscriptions = await this.store.ofSeats(room.id, hashes);
    const sends = notices.flatMap((notice) =>
      subscriptions
        .filter((subscription) => subscription.seatTokenHash === hashOf(notice.seat))
        .map(async (subscription) => {
          const payload = JSON.stringify(pushPayloadOf(notice, room, game, subscription.locale));
          const outcome = await this.sender.send(subscription, payload);
          // The endpoint is a capability: only its origin goes to the log.
          const where = { roomId: room.id, seat: notice.seat, kind: notice.kind, pushService: originOf(subscription.endpoint) };
          if (outcome.kind === "gone") {
            await this.store.forget(subscription.endpoint);
            this.log.info({ ...where, status: outcome.status }, "push subscription gone: deleted");
          } else if (outcome.kind === "refused") {
            await this.store.forget(subscription.endpoint);
            this.log.warn({ ...where, reason: outcome.reason }, "push endpoint refused: subscription deleted");
          } else if (outcome.kind === "failed") {
            this.log.warn({ ...where, reason: outcome.reason }, "push not delivered");
          } else if (outcome.kind === "skipped") {
            this.log.debug({ ...where, reason: outcome.reason }, "push not tried"); // the unanswered pushes that stalled its service were logged, not every push held back
          } else {
            this.log.debug(where, "push sent");
          }
        }),
    );
    await Promise.all(sends);
  }
}
