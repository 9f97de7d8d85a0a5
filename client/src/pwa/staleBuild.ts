import type { Millis } from "./reconnect";

/** At most one reload for a missing chunk in this long: a chunk that still fails then is an outage, not a deploy. */
const RELOAD_AT_MOST_EVERY: Millis = 30_000;
const LAST_RELOAD_KEY = "tablee:stale-build-reload";

/** Whether a page whose chunk failed to load should reload, given when it last did so for that reason. */
export function shouldReload(lastReloadAt: number | null, now: number): boolean {
  return lastReloadAt === null || !(now - lastReloadAt < RELOAD_AT_MOST_EVERY);
}

/** The address of the file a `vite:preloadError` is about, from its message (Vite names it last), or null. */
export function failedFileOf(error: unknown): string | null {
  const message = error instanceof Error ? error.message : String(error);
  return /(\/assets\/[^\s"')]+)/u.exec(message)?.[1] ?? null;
}

/**
 * A tab opened before a deploy asks for a chunk of its old build (a page or a game first shown
 * after the deploy): the server no longer has it (404) and the import fails. Vite then fires
 * `vite:preloadError`; once the server has said the file is gone, the page reloads once, and the new
 * HTML names the new build's chunks. Any other failure (the phone lost its signal, a slow link) is
 * left to the caller, which says so and can try again: a reload there would take a player out of
 * their game, with the tiles they had laid and a move still on its way, to the offline page.
 */
export function reloadOnStaleChunk(): void {
  addEventListener("vite:preloadError", (event) => {
    const file = failedFileOf((event as Event & { payload?: unknown }).payload);
    void (file === null ? deployedSince() : isGone(file)).then(
      (stale) => {
        if (stale) reloadOnce();
      },
      () => undefined, // unreachable: not a deploy
    );
  });
}

async function isGone(file: string): Promise<boolean> {
  return (await fetch(file, { method: "HEAD", cache: "no-store" })).status === 404;
}

/** For a browser whose error does not name the file (Safari): the page the server sends now no longer loads this one's entry script. */
async function deployedSince(): Promise<boolean> {
  const entry = document.querySelector('script[type="module"][src]')?.getAttribute("src");
  if (!entry) return false;
  const response = await fetch("/", { cache: "no-store" });
  return response.ok && !(await response.text()).includes(entry);
}

function reloadOnce(): void {
  const now = Date.now();
  try {
    const saved = sessionStorage.getItem(LAST_RELOAD_KEY);
    if (!shouldReload(saved === null ? null : Number(saved), now)) return; // still missing after a reload: an outage, not a deploy
    sessionStorage.setItem(LAST_RELOAD_KEY, String(now));
  } catch {
    return; // no storage: no way to stop a reload loop, so no reload
  }
  location.reload();
}
