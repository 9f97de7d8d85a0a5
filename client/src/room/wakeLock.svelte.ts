import type { Seat } from "../../../shared/engine/types";
import type { RoomSnapshot } from "../../../shared/protocol";
import { wantsScreenAwake } from "./keepAwake";

/**
 * Keeps the screen on while this device's player must move (see `wantsScreenAwake`), with the
 * Screen Wake Lock API: released when the page is hidden, the game pauses or ends, or the turn
 * passes; asked for again when the page is shown if still wanted. Does nothing where the API is
 * missing. Call it while a component initialises: it lives as long as that component.
 */
export function keepScreenAwake(current: () => { snapshot: RoomSnapshot | null; mySeats: readonly Seat[] }): void {
  if (!("wakeLock" in navigator)) return;
  const lock = new ScreenLock(navigator.wakeLock);
  let hidden = $state(document.hidden);
  $effect(() => {
    const onVisibility = (): void => {
      hidden = document.hidden;
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      lock.want(false);
    };
  });
  $effect(() => lock.want(wantsScreenAwake({ ...current(), hidden })));
}

/** One screen wake lock, held or not as wanted; requests and releases are asynchronous, so it settles after each answer. */
class ScreenLock {
  private sentinel: WakeLockSentinel | null = null; // the lock we hold
  private wanted = false;
  private asking = false; // a request is on its way

  constructor(private readonly api: WakeLock) {}

  want(wanted: boolean): void {
    this.wanted = wanted;
    void this.settle();
  }

  private async settle(): Promise<void> {
    if (this.asking) return; // settled again when the request answers
    if (this.wanted && this.sentinel === null) {
      this.asking = true;
      try {
        const sentinel = await this.api.request("screen");
        // The browser drops the lock by itself when the page is hidden.
        sentinel.addEventListener("release", () => {
          if (this.sentinel === sentinel) this.sentinel = null;
        });
        this.sentinel = sentinel;
      } catch {
        // Refused (battery saver, a page not visible, a permissions policy): asked again at the next change.
        return;
      } finally {
        this.asking = false;
      }
    }
    if (!this.wanted && this.sentinel !== null) {
      const sentinel = this.sentinel;
      this.sentinel = null;
      await sentinel.release().catch(() => undefined);
    }
  }
}
