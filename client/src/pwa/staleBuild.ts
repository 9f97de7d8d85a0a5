import type { Millis } from "./reconnect";

/** At most one reload for a missing chunk in this long: a chunk that still fails then is an outage, not a deploy. */
const RELOAD_AT_MOST_EVERY: Millis = 30_000;
const LAST_RELOAD_KEY = "tablee:stale-build-reload";

/** Whether a page whose chunk failed to load should reload, given when it last did so for that reason. */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < RELOAD_AT_MOST_EVERY);
}

/**
 * A tab opened before a deploy asks for a chunk of its old build (a page or a game first shown
 * after the deploy): the server no longer has it (404) and the import fails. Vite then fires
 * `vite:preloadError`; the page reloads once, and the new HTML names the new build's chunks.
 */
export function reloadOnStaleChunk(): void {
  addEventListener("vite:preloadError", (event) => {
    const now = Date.now();
    let last: number | null = null;
    try {
      const saved = sessionStorage.getItem(LAST_RELOAD_KEY);
      last = saved === null ? null : Number(saved);
      if (!shouldReload(last, now)) return; // let the error surface
      sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
    } catch {
      return; // no storage: no way to stop a reload loop, so no reload
    }
    event.preventDefault();
    location.reload();
  });
}
