import type { OutageLog } from "../db/outage";
import type { RoomService } from "../rooms/service";

/** How often the database is asked for slow turns that ran out (deadlines are days apart). */
export const PACE_CHECK_MS = 30_000;

/** Overdue rooms read at a time; a full batch is followed by another in the same pass. */
export const PACE_BATCH = 100;

/**
 * Slow rooms' deadlines (settings.paceDays). They are days long and live in the database
 * (rooms.deadline_at), so rather than one long timer per room, every process asks the database
 * now and then which rooms are overdue and lets RoomService.turnTimeRanOut act: it re-checks the
 * deadline inside the room's lane and writes under the room's version, so two processes finding the
 * same room, or a check racing a move, play the late turn once. Nothing is lost across restarts or
 * when the process that ran a room dies, and rooms need not be in memory to be found.
 */
export class PaceDriver {
  private handle: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    /** Failures go to `rooms.outages`: a database outage is summarised there, anything else is one warning. */
    private readonly rooms: Pick<RoomService, "overdue" | "turnTimeRanOut"> & { readonly outages: Pick<OutageLog, "failedInBackground"> },
    private readonly everyMs: number = PACE_CHECK_MS,
    private readonly batch: number = PACE_BATCH,
  ) {}

  start(): void {
    if (this.handle) return;
    this.handle = setInterval(() => void this.check(), this.everyMs);
    this.handle.unref?.();
  }

  stop(): void {
    if (this.handle) clearInterval(this.handle);
    this.handle = null;
  }

  /** One pass: every overdue room gets its late turn handed to a computer. */
  check(): Promise<void> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<void> {
    // Many deadlines at once (a server down for a day): batch after batch while each is full and
    // moved something on; a batch that moved nothing (all failing) waits for the next check.
    for (;;) {
      let ids: string[];
      try {
        ids = await this.rooms.overdue(this.batch);
      } catch (error) {
        this.rooms.outages.failedInBackground(error, {}, "could not look for slow turns that ran out"); // an outage: summarised
        return;
      }
      let handed = 0;
      for (const id of ids) {
        try {
          if (await this.rooms.turnTimeRanOut(id)) handed++;
        } catch (error) {
          this.rooms.outages.failedInBackground(error, { roomId: id }, "could not hand a late turn to a computer; next check retries");
        }
      }
      if (ids.length < this.batch || handed === 0) return;
    }
  }
}
