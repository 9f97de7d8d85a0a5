/*
 * Tablée's service worker. Two jobs:
 *
 * 1. Web Push (issue 21): shows the server's notices ("Your turn", "Game over", "Play again?") and
 *    opens their room on a click. Payload: { kind: "turn" | "gameOver" | "rematch", title, body,
 *    url: "/r/<roomId>", tag }.
 * 2. The offline app shell (issue 31): pages always come from the network; only when the server
 *    cannot be reached does the worker answer with the cached shell (offline.html: the app's own
 *    scripts, which say "Offline — reconnecting…" and reload the page once the server answers).
 *    The shell's files are cached at install under this build's version and the caches of other
 *    builds are dropped at activation, so a deploy never leaves a stale page behind: the HTML is
 *    never taken from the cache while the server answers, and each build's sw.js differs.
 *    The API, the sockets, /healthz, /livez and /metrics are never touched.
 *
 * This file is a template: client/build/pwaShell.ts fills in BUILD at build time.
 */
const BUILD = { version: "dev", shell: [] };
const SHELL_CACHE = `tablee-shell-${BUILD.version}`;
const CACHE_PREFIX = "tablee-";
const OFFLINE_PAGE = "/offline.html";
/** The shell's hashed files: answered from this build's cache; other files go past the worker. */
const SHELL_ASSETS = new Set(BUILD.shell.filter((url) => url.startsWith("/assets/")));
const ICON = "/icons/icon-192.png";
/** Never answered by the worker: the browser goes to the network as if there were none. */
const NETWORK_ONLY = ["/api/", "/socket.io/", "/healthz", "/livez", "/metrics"];
/** A proxy's answers when the app server behind it is down (a restart, a deploy): offline too. */
const GATEWAY_DOWN = new Set([502, 503, 504]);
/**
 * A page's request that has not been answered in this long (a barely working connection, a server
 * that accepts and never answers) gets the offline page, which says so and reloads once the server
 * answers, instead of a blank screen until the browser gives up on its own.
 */
const NAVIGATION_WAIT_MS = 8000;

/** The notice as sent, or a plain one when the payload is not what we expect (never throw in a push handler). */
function readPayload(data) {
  try {
    const payload = data ? data.json() : null;
    if (payload && typeof payload.title === "string") return payload;
  } catch {
    // not JSON: fall through
  }
  return { title: "Tablée", body: data ? data.text() : "", url: "/", tag: undefined };
}

/** Only our own pages: a payload cannot send a click elsewhere. */
function sameOriginUrl(url) {
  try {
    const target = new URL(typeof url === "string" ? url : "/", self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + "/";
  } catch {
    return self.location.origin + "/";
  }
}

self.addEventListener("install", (event) => {
  // The new build's worker takes over at once (pages are always fetched from the network, so an
  // open page loses nothing); install fails, and the old worker stays, if the shell cannot be cached.
  event.waitUntil(cacheShell().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(Promise.all([dropOtherBuilds(), enableNavigationPreload()]).then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || NETWORK_ONLY.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else if (SHELL_ASSETS.has(url.pathname)) event.respondWith(asset(request));
});

/** This build's shell: the HTML revalidated with the server, the hashed assets as the HTTP cache has them. */
async function cacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  await cache.addAll(BUILD.shell.map((url) => new Request(url, { cache: url.endsWith(".html") ? "no-cache" : "default" })));
}

/** Every cache of ours but this build's: an old shell must never be served after a deploy. */
async function dropOtherBuilds() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name.startsWith(CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => caches.delete(name)));
}

/** The page's request starts while the worker boots, so going through the worker costs no extra wait. */
async function enableNavigationPreload() {
  if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
}

/** Network first, always: the cached shell only when the server cannot be reached, or not in time. */
async function navigate(event) {
  const answer = (async () => (await event.preloadResponse) || (await fetch(event.request)))();
  event.waitUntil(answer.catch(() => undefined)); // a request given up on below still runs (and may fail) later
  let waiting;
  const late = new Promise((resolve) => (waiting = setTimeout(resolve, NAVIGATION_WAIT_MS, null)));
  try {
    const response = await Promise.race([answer, late]);
    if (response === null) return (await offlineShell()) || (await answer);
    if (!GATEWAY_DOWN.has(response.status)) return response;
    return (await offlineShell()) || response;
  } catch (error) {
    const shell = await offlineShell();
    if (shell) return shell;
    throw error;
  } finally {
    clearTimeout(waiting);
  }
}

function offlineShell() {
  return caches.match(OFFLINE_PAGE, { cacheName: SHELL_CACHE });
}

/** Hashed files never change: the shell's come from this build's cache (the network if it lost them). */
async function asset(request) {
  return (await caches.match(request, { cacheName: SHELL_CACHE })) || fetch(request);
}

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const options = { body: typeof payload.body === "string" ? payload.body : "", data: { url: sameOriginUrl(payload.url) }, icon: ICON };
  // A newer notice of the room replaces the older one (its tag), and still rings and buzzes: a phone still
  // showing yesterday's "your turn" (played from the laptop since) must not take today's in silence.
  if (typeof payload.tag === "string") Object.assign(options, { tag: payload.tag, renotify: true });
  event.waitUntil(self.registration.showNotification(payload.title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const url = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(openRoom(url));
});

/** Focuses a tab already at the room, else opens one; if the browser refuses a new window, an open Tablée tab goes there. */
async function openRoom(url) {
  const tabs = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = tabs.find((tab) => tab.url === url);
  if (open) return open.focus();
  try {
    const opened = await self.clients.openWindow(url);
    if (opened) return opened;
  } catch {
    // Refused (no click to answer, a browser's policy): fall back below.
  }
  const tab = tabs.find((candidate) => typeof candidate.navigate === "function");
  if (!tab) return undefined;
  const moved = await tab.navigate(url);
  return moved ? moved.focus().catch(() => moved) : undefined;
}
