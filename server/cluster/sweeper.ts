import type { OutageLog } from "../db/outage";
import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import type { RoomLeases } from "./leases";

/** Rooms taken over per statement; a full batch is followed by another in the same sweep. */
export const CLAIM_BATCH = 200;

/**
 * Keeps this process's room leases alive and takes over the rooms whose process died: every
 * `sweepMs` it renews ours, claims the expired ones (batch after batch, so a dead process's rooms are
 * all taken by one sweep however many it had), reloads them and hands each to `resume` (which
 * schedules the computer's turn or arms the countdown). One room failing to load does not stop the
 * others. A process with others about runs it every `sweepMs` (`start`); a lone server, which holds
 * every lease anyway, only tries again the rooms its start could not resume (`start(ms, "alone")`).
 */
export class LeaseSweeper {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  /** Rooms whose lease we took but could not reload (the database failed meanwhile): the next sweep tries again. */
  private readonly unresumed = new Set<string>();
  private alone = false;

  constructor(
    private readonly leases: Pick<RoomLeases, "renew" | "claimExpired">,
    private readonly rooms: Pick<RoomService, "takenOver"> & { readonly outages: Pick<OutageLog, "failedInBackground" | "startedAt" | "succeeded"> },
    private readonly resume: (room: RoomRecord) => void,
  ) {}

  start(sweepMs: number, company: "cluster" | "alone" = "cluster"): void {
    this.alone = company === "alone";
    this.timer = setInterval(() => void this.tick(), sweepMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * One periodic sweep, unless the last one is still running (a slow or hung database: sweeps piling
   * up would only wait on each other). A database outage is the outage log's to report, once.
   */
  tick(): Promise<void> {
    // Alone, the rooms a failed load left without their computer's turn or countdown, if any.
    this.running ??= (this.alone ? this.resumeAll([...this.unresumed]) : this.takeOverExpired())
      .catch((error: unknown) => void this.rooms.outages.failedInBackground(error, {}, "lease sweep failed"))
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Renews our leases, then takes over and resumes every room whose lease ran out. */
  takeOverExpired(): Promise<void> {
    return this.sweep(() => this.takeOver());
  }

  /** Renews our leases, then resumes the rooms `claim` takes (the expired ones, or all at a lone start). */
  async sweep(claim: () => Promise<string[]>): Promise<void> {
    const startedAt = this.rooms.outages.startedAt();
    await this.leases.renew();
    this.rooms.outages.succeeded(startedAt); // the database answers (an outage log ends here if no request came)
    await this.resumeAll([...new Set([...this.unresumed, ...(await claim())])]);
  }

  /** Claims expired leases until a batch comes back short, resuming the full ones as they come; returns the last. */
  private async takeOver(): Promise<string[]> {
    for (;;) {
      const ids = await this.leases.claimExpired(CLAIM_BATCH);
      if (ids.length < CLAIM_BATCH) return ids;
      await this.resumeAll(ids);
    }
  }

  /** Reloads the rooms and resumes them, all at once (the pool bounds how many loads run together). */
  private async resumeAll(ids: readonly string[]): Promise<void> {
    await Promise.all(
      ids.map(async (id) => {
        try {
          this.resume(await this.rooms.takenOver(id)); // whatever we held may be old: the last writer was elsewhere
          this.unresumed.delete(id);
        } catch (error) {
          // Ours now, so no one else would schedule its turn: a database failure is tried again next sweep.
          if (this.rooms.outages.failedInBackground(error, { roomId: id }, "could not resume a room taken over")) this.unresumed.add(id);
          else this.unresumed.delete(id);
        }
      }),
    );
  }
}
