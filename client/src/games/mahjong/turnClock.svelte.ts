import type { Millis } from "../../../../shared/engine/types";

/** The server's countdown as the snapshot carries it (`RoomSnapshot.timer`). */
export interface SnapshotTimer {
  readonly key: string;
  readonly remainingMs: Millis;
  readonly durationMs: Millis;
}

/** Below this many seconds the ring turns red and pulses. */
export const LOW_SECONDS = 5;
const TICK_MS = 200;

/**
 * The turn countdown on screen. The server owns time: a snapshot's timer gives the time left when
 * it was sent, so the local deadline is its arrival time plus `remainingMs` (no clock agreement
 * needed). A room that does not hand the timer to the board (`undefined`) gets an estimate: the
 * level's turn time from the moment this screen first saw the turn. Paused or finished: no clock.
 */
export class TurnClock {
  now = $state(Date.now());
  deadline: number | null = $state(null); // local ms
  durationMs: Millis = $state(1);
  private seenTimer: SnapshotTimer | null = null;
  private seenKey: string | null = null;

  /** Seconds left, rounded up; null when no countdown runs. */
  readonly secondsLeft: number | null = $derived(this.deadline === null ? null : Math.max(0, Math.ceil((this.deadline - this.now) / 1000)));
  /** Share of the turn left, 0..1 (1 when no countdown runs). */
  readonly fraction: number = $derived(this.deadline === null ? 1 : Math.min(1, Math.max(0, (this.deadline - this.now) / this.durationMs)));
  readonly low: boolean = $derived(this.secondsLeft !== null && this.secondsLeft <= LOW_SECONDS);

  /**
   * Call on every new snapshot (from an effect): `timer` as the room passes it, `turnKey` and
   * `turnMs` from the view for the estimate, `running` false while paused or over.
   */
  update(timer: SnapshotTimer | null | undefined, turnKey: string, turnMs: Millis, running: boolean): void {
    if (!running) {
      this.deadline = null;
      this.seenKey = null;
      this.seenTimer = null;
      return;
    }
    if (timer !== undefined) {
      // A fresh snapshot carries a fresh measure: re-anchor on it.
      if (timer === null) this.deadline = null;
      else if (timer !== this.seenTimer) {
        this.deadline = Date.now() + timer.remainingMs;
        this.durationMs = Math.max(1, timer.durationMs);
      }
      this.seenTimer = timer;
      return;
    }
    if (turnKey !== this.seenKey) {
      this.seenKey = turnKey;
      this.deadline = Date.now() + turnMs;
      this.durationMs = Math.max(1, turnMs);
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
