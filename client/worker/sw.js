/*
 * Tablée's service worker (issue 21): shows the server's Web Push notices ("Your turn", "Game over",
 * "Play again?") and opens their room on a click. It caches nothing: the app works online only.
 * Payload: { kind: "turn" | "gameOver" | "rematch", title, body, url: "/r/<roomId>", tag }.
 */
const ICON = "/icon.svg";

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

self.addEventListener("install", () => {
  void self.skipWaiting();
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("push", (event) => {
  const payload = readPayload(event.data);
  const options = { body: typeof payload.body === "string" ? payload.body : "", data: { url: sameOriginUrl(payload.url) }, icon: ICON };
  if (typeof payload.tag === "string") options.tag = payload.tag;
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
