import type { FastifyBaseLogger } from "fastify";
import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import type { RoomLeases } from "./leases";

/**
 * Keeps this process's room leases alive and takes over the rooms whose process died: every
 * `sweepMs` it renews ours, claims the expired ones, reloads them and hands each to `resume` (which
 * schedules the computer's turn or arms the countdown). One room failing to load does not stop the others.
 */
export class LeaseSweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly leases: RoomLeases,
    private readonly rooms: RoomService,
    private readonly resume: (room: RoomRecord) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(sweepMs: number): void {
    this.timer = setInterval(() => {
      this.sweep(() => this.leases.claimExpired()).catch((error: unknown) => this.log.warn({ err: error }, "lease sweep failed"));
    }, sweepMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Renews our leases, then resumes the rooms `claim` takes (the expired ones, or all at a lone start). */
  async sweep(claim: () => Promise<string[]>): Promise<void> {
    await this.leases.renew();
    for (const id of await claim()) {
      try {
        this.rooms.forget(id); // whatever we held may be old: the last writer was elsewhere
        this.resume(await this.rooms.get(id));
      } catch (error) {
        this.log.warn({ err: error, roomId: id }, "could not resume a room taken over");
      }
    }
  }
}
