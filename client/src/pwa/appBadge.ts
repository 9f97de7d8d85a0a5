/** The Badging API's two calls (Chromium installed apps, Safari Home Screen apps); absent elsewhere. */
export interface Badging {
  setAppBadge?(contents?: number): Promise<void>;
  clearAppBadge?(): Promise<void>;
}

/**
 * The installed app's icon counts the games waiting on this device's seats (the same number as the
 * "(2) Tablée" tab title); 0 clears it. Call it wherever that count is known; a browser without the
 * Badging API, or one that refuses (no permission, not installed), is silently left alone.
 */
export function showWaitingBadge(waiting: number, badging: Badging = typeof navigator === "undefined" ? {} : (navigator as Badging)): void {
  if (typeof badging.setAppBadge !== "function") return;
  const count = Math.max(0, Math.floor(waiting));
  const done = count > 0 ? badging.setAppBadge(count) : typeof badging.clearAppBadge === "function" ? badging.clearAppBadge() : badging.setAppBadge(0);
  done.catch(() => undefined);
}
