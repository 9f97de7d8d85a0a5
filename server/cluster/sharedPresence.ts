import type { PresenceReport } from "./events";

/** A process not heard from for this long is taken for dead and its connections forgotten. */
export const PROCESS_SILENCE_MS = 15_000;

/**
 * Which seats are connected through the other processes, from their reports. Each process reports
 * its own connected seats of a room whenever they change, says it is alive every few seconds, and
 * re-reports everything when a new process says hello. Reports of a process gone silent expire.
 */
export class SharedPresence {
  private readonly reports = new Map<string, Map<string, ReadonlySet<number>>>(); // room → process → seats
  private readonly heard = new Map<string, number>(); // process → last time heard
  private readonly published = new Map<string, string>(); // room → our last report (to send changes only)

  constructor(
    readonly processId: string,
    private readonly send: (report: PresenceReport) => void,
    private readonly now: () => number = Date.now,
  ) {}

  /** Our own connected seats of a room; sent to the others when they changed. */
  report(roomId: string, seats: ReadonlySet<number>): void {
    const key = [...seats].sort((a, b) => a - b).join(",");
    if ((this.published.get(roomId) ?? "") === key) return;
    if (key === "") this.published.delete(roomId);
    else this.published.set(roomId, key);
    this.send({ processId: this.processId, roomId, seats: [...seats] });
  }

  /** Everything we hold, again (a new process has just joined). */
  reportAll(): void {
    for (const [roomId, key] of this.published) this.send({ processId: this.processId, roomId, seats: key.split(",").map(Number) });
  }

  receive(report: PresenceReport): void {
    this.alive(report.processId);
    let byProcess = this.reports.get(report.roomId);
    if (!byProcess) this.reports.set(report.roomId, (byProcess = new Map()));
    if (report.seats.length === 0) byProcess.delete(report.processId);
    else byProcess.set(report.processId, new Set(report.seats));
    if (byProcess.size === 0) this.reports.delete(report.roomId);
  }

  alive(processId: string): void {
    this.heard.set(processId, this.now());
  }

  /** Forgets a process that left; returns the rooms where it had connected seats. */
  gone(processId: string): string[] {
    this.heard.delete(processId);
    const rooms: string[] = [];
    for (const [roomId, byProcess] of this.reports) {
      if (byProcess.delete(processId)) rooms.push(roomId);
      if (byProcess.size === 0) this.reports.delete(roomId);
    }
    return rooms;
  }

  /** Seats of `roomId` connected through processes still alive. */
  elsewhere(roomId: string): Set<number> {
    const seats = new Set<number>();
    for (const [processId, held] of this.reports.get(roomId) ?? []) {
      if (this.now() - (this.heard.get(processId) ?? 0) > PROCESS_SILENCE_MS) continue;
      for (const seat of held) seats.add(seat);
    }
    return seats;
  }

  /** Rooms whose presence changed because a process went silent (to refresh their pages). */
  expire(): string[] {
    const rooms: string[] = [];
    for (const [processId, at] of this.heard) if (this.now() - at > PROCESS_SILENCE_MS) rooms.push(...this.gone(processId));
    return rooms;
  }
}
