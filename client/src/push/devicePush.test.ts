import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { disableDevicePush, enableDevicePush, forgetDevicePushSeats, resendDevicePush, subscribeFailure } from "./devicePush";

const domError = (name: string, message: string): Error => Object.assign(new Error(message), { name });

describe("subscribeFailure", () => {
  it.each([
    [domError("AbortError", "Registration failed - push service not available"), "noPushService"],
    [domError("AbortError", "Registration failed - permission denied"), "refused"],
    [domError("NotAllowedError", "Permission denied."), "refused"],
    [domError("InvalidStateError", "A subscription with a different applicationServerKey already exists"), "failed"],
    ["not an error", "failed"],
  ])("%s → %s", (error, failure) => {
    expect(subscribeFailure(error)).toBe(failure);
  });
});

/** A browser with service workers and push, whose answers each test sets. */
function fakeBrowser(options: { permission?: NotificationPermission; subscribeError?: Error; routes?: Record<string, { status: number; body: unknown }> }) {
  const store = new Map<string, string>();
  const requests: { url: string; body: unknown }[] = [];
  const key = Buffer.from(Uint8Array.from({ length: 65 }, (_, i) => i)).toString("base64url");
  const subscription = {
    endpoint: "https://push.example/abc",
    options: { applicationServerKey: null as ArrayBuffer | null },
    toJSON: () => ({ endpoint: "https://push.example/abc", keys: { p256dh: "p", auth: "a" } }),
    unsubscribe: vi.fn(async () => true),
  };
  let subscribed: typeof subscription | null = null;
  const registration = {
    pushManager: {
      getSubscription: async () => subscribed,
      subscribe: vi.fn(async (init: { applicationServerKey: Uint8Array }) => {
        if (options.subscribeError) throw options.subscribeError;
        subscription.options.applicationServerKey = init.applicationServerKey.slice().buffer;
        subscribed = subscription;
        return subscription;
      }),
    },
  };
  const register = vi.fn(async () => registration);
  vi.stubGlobal("localStorage", {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    get length() {
      return store.size;
    },
    key: (i: number) => [...store.keys()][i] ?? null,
  });
  vi.stubGlobal("navigator", { serviceWorker: { register, ready: Promise.resolve(registration), getRegistration: async () => registration } });
  vi.stubGlobal("PushManager", class {});
  vi.stubGlobal("Notification", { permission: options.permission ?? "granted", requestPermission: async () => options.permission ?? "granted" });
  const routes = { "/api/push/key": { status: 200, body: { publicKey: key } }, "/api/push/subscribe": { status: 200, body: { subscribed: 1 } }, ...options.routes };
  vi.stubGlobal("fetch", async (url: string, init?: { body?: string }) => {
    requests.push({ url, body: init?.body === undefined ? undefined : JSON.parse(init.body) });
    const route = routes[url as keyof typeof routes] ?? { status: 404, body: { error: { code: "BAD_REQUEST", message: "not found" } } };
    return new Response(JSON.stringify(route.body), { status: route.status, headers: { "content-type": "application/json" } });
  });
  return { store, requests, register, registration, subscription };
}

const ROOM = "A".repeat(22);
const TOKEN = "t".repeat(43);

describe("enableDevicePush", () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it("subscribes with the server's key and sends every seat this device holds, then remembers the switch", async () => {
    const browser = fakeBrowser({});
    browser.store.set(`tablee:seats:${ROOM}`, JSON.stringify([TOKEN]));
    browser.store.set(`tablee:creator:${"B".repeat(22)}`, TOKEN); // a room without a seat: nothing to notify
    expect(await enableDevicePush()).toEqual({ ok: true });
    expect(browser.register).toHaveBeenCalledWith("/sw.js");
    const [init] = browser.registration.pushManager.subscribe.mock.calls[0] ?? [];
    expect(init).toMatchObject({ userVisibleOnly: true });
    expect([...(init?.applicationServerKey ?? [])]).toEqual(Array.from({ length: 65 }, (_, i) => i));
    expect(browser.requests.at(-1)).toEqual({
      url: "/api/push/subscribe",
      body: { subscription: { endpoint: "https://push.example/abc", keys: { p256dh: "p", auth: "a" } }, locale: "en", rooms: [{ roomId: ROOM, seatTokens: [TOKEN] }] },
    });
    expect(browser.store.get("tablee:device-push")).toBe("on");

    // A new seat later: the same subscription is sent again with it.
    browser.store.set(`tablee:seats:${"C".repeat(22)}`, JSON.stringify([TOKEN]));
    await resendDevicePush();
    expect((browser.requests.at(-1)?.body as { rooms: unknown[] }).rooms).toHaveLength(2);

    // Off: the server forgets the endpoint, the browser drops the subscription.
    expect(await disableDevicePush()).toEqual({ ok: true });
    expect(browser.requests.at(-1)).toEqual({ url: "/api/push/unsubscribe", body: { endpoint: "https://push.example/abc" } });
    expect(browser.subscription.unsubscribe).toHaveBeenCalled();
    expect(browser.store.get("tablee:device-push")).toBe("off");
  });

  it.each([
    ["the permission is refused", { permission: "denied" as const }, "denied"],
    ["the server has no push route", { routes: { "/api/push/key": { status: 404, body: { error: { code: "BAD_REQUEST", message: "not found" } } } } }, "unavailable"],
    ["there is no push service", { subscribeError: domError("AbortError", "Registration failed - push service not available") }, "noPushService"],
    ["the server refuses the subscription", { routes: { "/api/push/subscribe": { status: 400, body: { error: { code: "BAD_REQUEST", message: "no" } } } } }, "unavailable"],
  ])("says why when %s, and stays off", async (_why, options, failure) => {
    const browser = fakeBrowser(options);
    expect(await enableDevicePush()).toEqual({ ok: false, failure });
    expect(browser.store.get("tablee:device-push")).toBeUndefined();
  });

  it("explains the Home Screen on an iPhone's Safari tab, before asking for any permission", async () => {
    const browser = fakeBrowser({});
    const requestPermission = vi.fn(async () => "granted");
    vi.stubGlobal("Notification", { permission: "default", requestPermission });
    const userAgent = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
    vi.stubGlobal("navigator", { userAgent, maxTouchPoints: 5, standalone: false, serviceWorker: { register: browser.register } });
    expect(await enableDevicePush()).toEqual({ ok: false, failure: "homeScreen" });
    expect(requestPermission).not.toHaveBeenCalled();
    expect(browser.register).not.toHaveBeenCalled();

    // Opened from the Home Screen: push as anywhere else.
    vi.stubGlobal("navigator", { userAgent, maxTouchPoints: 5, standalone: true, serviceWorker: { register: browser.register, ready: Promise.resolve(browser.registration) } });
    expect(await enableDevicePush()).toEqual({ ok: true });
  });

  it("gives up every seat a sign-out hands back, a request's worth at a time (the newest, still in play, too)", async () => {
    const browser = fakeBrowser({ routes: { "/api/push/unsubscribe": { status: 200, body: { unsubscribed: 1 } } } });
    expect(await enableDevicePush()).toEqual({ ok: true });
    const rooms = Array.from({ length: 450 }, (_, i) => ({ roomId: String(i).padStart(22, "r"), seatTokens: [TOKEN] }));
    await forgetDevicePushSeats(rooms);
    const sent = browser.requests.filter((request) => request.url === "/api/push/unsubscribe").map((request) => (request.body as { rooms: { roomId: string }[] }).rooms);
    expect(sent.map((part) => part.length)).toEqual([200, 200, 50]);
    expect(sent.flat().map((room) => room.roomId)).toEqual(rooms.map((room) => room.roomId));
  });

  it("says the browser cannot, without service workers", async () => {
    vi.stubGlobal("navigator", {});
    expect(await enableDevicePush()).toEqual({ ok: false, failure: "unsupported" });
  });
});
