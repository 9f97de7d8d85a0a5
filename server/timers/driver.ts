import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import { noMetrics, type Metrics } from "../metrics/metrics";

/** After a failed timeout (database down…), try again after this long. */
const RETRY_MS = 1_000;

/**
 * Fires game countdowns (turn clocks, peek windows). After every committed change it (re)arms the
 * room's timer for its deadline; the timeout itself runs in the room's lane and re-checks that the
 * countdown is still the running one, so a stale timer does nothing.
 */
export class TimerDriver {
  private readonly timers = new Map<string, { key: string; deadline: number; handle: NodeJS.Timeout }>();
  private stopped = false;

  constructor(
    private readonly rooms: RoomService,
    private readonly clock: () => Date,
    private readonly metrics: Pick<Metrics, "countdownFired"> = noMetrics,
  ) {
    rooms.onChange((room) => this.consider(room));
  }

  consider(room: RoomRecord): void {
    const timer = room.timer;
    const armed = this.timers.get(room.id);
    if (armed && timer && armed.key === timer.key && armed.deadline === timer.deadline) return;
    this.cancel(room.id);
    if (this.stopped || room.status !== "playing" || !timer || timer.deadline === null) return;
    this.arm(room.id, room.gameId, timer.key, timer.deadline);
  }

  stop(): void {
    this.stopped = true;
    for (const id of [...this.timers.keys()]) this.cancel(id);
  }

  private arm(roomId: string, gameId: string, key: string, deadline: number): void {
    const handle = setTimeout(
      () => {
        this.timers.delete(roomId);
        this.rooms
          .timeout(roomId, key)
          .then(async (fired) => {
            if (fired) this.metrics.countdownFired(gameId);
            // Not due after all (fired early): look again, so the countdown is never forgotten.
            if (!fired && !this.stopped) this.consider(await this.rooms.get(roomId));
          })
          .catch((error: unknown) => {
          if (this.stopped) return;
          this.rooms.outages.failedInBackground(error, { roomId, key }, "timeout failed; retrying"); // an outage: summarised, not one line a try
          this.arm(roomId, gameId, key, this.clock().getTime() + RETRY_MS);
        });
      },
      Math.max(0, deadline - this.clock().getTime()),
    );
    handle.unref?.();
    this.timers.set(roomId, { key, deadline, handle });
  }

  private cancel(roomId: string): void {
    const armed = this.timers.get(roomId);
    if (armed) clearTimeout(armed.handle);
    this.timers.delete(roomId);
  }
}
