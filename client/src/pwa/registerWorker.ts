/** The service worker's address (client/worker/sw.js, built into dist/client/sw.js). */
export const WORKER_URL = "/sw.js";

/**
 * Registers the service worker on every page load (its offline shell and, when turned on, push),
 * once the page has loaded and the browser is idle, so it never competes with the first paint.
 * Registering again is cheap: the browser then only checks whether sw.js changed (a new build).
 */
export function registerWorkerWhenIdle(): void {
  if (!("serviceWorker" in navigator)) return;
  const register = () => void navigator.serviceWorker.register(WORKER_URL).catch(() => undefined); // no worker: the app works without one
  const whenIdle = () => (typeof requestIdleCallback === "function" ? requestIdleCallback(register, { timeout: 5_000 }) : setTimeout(register, 1_000));
  if (document.readyState === "complete") whenIdle();
  else addEventListener("load", whenIdle, { once: true });
}

/** True in the offline shell (offline.html, which the worker serves when the server cannot be reached). */
export function isOfflineShell(): boolean {
  return document.documentElement.dataset.shell === "offline";
}
