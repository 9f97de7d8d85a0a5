import type { MemoarrView } from "../../../../shared/games/memoarr";

/** The server's countdown as the snapshot carries it (`RoomSnapshot.timer`). */
export interface SnapshotTimer {
  readonly key: string;
  readonly remainingMs: number;
  readonly durationMs: number;
}

const TICK_MS = 200;

/**
 * The peek countdown shown on screen. The server owns time: when the room hands us its timer, the
 * deadline is its arrival time plus `remainingMs` (so the two clocks need not agree). A room that
 * does not pass the timer (`undefined`) gets an estimate instead: the room's peek length from the
 * moment this screen first saw the round's peek.
 */
export class PeekClock {
  now = $state(Date.now());
  private deadline: number | null = $state(null);
  private seenKey: string | null = null; // the countdown the deadline belongs to
  private seenTimer: SnapshotTimer | null = null;

  /** Seconds left, rounded up; null when no peek is running. */
  readonly secondsLeft: number | null = $derived(this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - this.now) / 1000)));

  /** Call on every new view or timer (from an effect). */
  update(view: MemoarrView | null, timer: SnapshotTimer | null | undefined): void {
    if (view === null || view.phase !== "peek") {
      this.deadline = null;
      this.seenKey = null;
      return;
    }
    if (timer !== undefined) {
      // A fresh snapshot carries a fresh measure: re-anchor on it.
      if (timer === null) this.deadline = null;
      else if (timer !== this.seenTimer) this.deadline = Date.now() + timer.remainingMs;
      this.seenTimer = timer;
      return;
    }
    const key = `peek:${view.round}`;
    if (key !== this.seenKey) {
      this.seenKey = key;
      this.deadline = Date.now() + view.options.peekSeconds * 1000;
    }
  }

  /** Ticks while a countdown runs; returns the cleanup for the effect that started it. */
  tick(): () => void {
    if (this.deadline === null) return () => {};
    const id = setInterval(() => (this.now = Date.now()), TICK_MS);
    this.now = Date.now();
    return () => clearInterval(id);
  }
}
