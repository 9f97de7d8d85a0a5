import { get } from "svelte/store";
import { locale } from "svelte-i18n";
import { LIMITS } from "../../../shared/protocol/limits";
import { toLanguage } from "../i18n";
import { loadDevicePush, saveDevicePush } from "../lib/storage";
import { deviceTraits, needsHomeScreen } from "../pwa/homeScreen";
import { WORKER_URL } from "../pwa/registerWorker";
import { base64UrlToBytes } from "./base64url";
import { fetchPushKey, postSubscribe, postUnsubscribe, pushRooms, type PushRoom } from "./pushApi";

/**
 * Why "Notify me on this device" could not be turned on: each has a sentence (slow.push.errors.*).
 * "homeScreen" is not an error but the way there: an iPhone or iPad tab must be added to the Home Screen first.
 */
export const PUSH_FAILURES = ["unsupported", "denied", "refused", "noPushService", "unavailable", "failed", "homeScreen"] as const;
export type PushFailure = (typeof PUSH_FAILURES)[number];
export type PushOutcome = { readonly ok: true } | { readonly ok: false; readonly failure: PushFailure };

const OK: PushOutcome = { ok: true };
const fail = (failure: PushFailure): PushOutcome => ({ ok: false, failure });

/** Service workers, the Push API and notifications: all three, or no device notifications. */
export function pushSupported(): boolean {
  return typeof navigator !== "undefined" && "serviceWorker" in navigator && typeof PushManager !== "undefined" && typeof Notification !== "undefined";
}

/** The switch as this device left it, if the browser still allows it. */
export function devicePushOn(): boolean {
  return loadDevicePush() && pushSupported() && Notification.permission === "granted";
}

/** Registers the service worker (idempotent) and waits until it is active. */
export async function registerWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(WORKER_URL);
  return navigator.serviceWorker.ready;
}

/**
 * Turns notifications on for this device: permission (asked here, on the player's click), the
 * service worker, a push subscription with the server's key, then the server learns it for every
 * seat this device holds. On an iPhone or iPad outside the Home Screen app, says how to add it
 * there instead. Never throws: every failure is a PushFailure the UI can say.
 */
export async function enableDevicePush(): Promise<PushOutcome> {
  // Before asking anything: in an iPhone's tab there is no push to ask for (nor a permission prompt).
  if (needsHomeScreen(deviceTraits())) return fail("homeScreen");
  if (!pushSupported()) return fail("unsupported");
  try {
    const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
    if (permission !== "granted") return fail("denied");
    const registration = await registerWorker();
    const key = await fetchPushKey();
    // A missing route answers 404 (or the page): the server does not push yet.
    if (!key.ok) return fail(key.error.code === "NETWORK" ? "failed" : "unavailable");
    const applicationServerKey = base64UrlToBytes(key.value.publicKey);
    if (applicationServerKey === null) return fail("unavailable");
    let subscription: PushSubscription;
    try {
      const existing = await registration.pushManager.getSubscription();
      // A subscription made with another key (the server's keys changed) cannot be reused.
      if (existing !== null && !sameBytes(existing.options.applicationServerKey, applicationServerKey)) await existing.unsubscribe();
      subscription =
        existing !== null && sameBytes(existing.options.applicationServerKey, applicationServerKey)
          ? existing
          : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
    } catch (error) {
      return fail(subscribeFailure(error));
    }
    const sent = await sendSubscription(subscription);
    if (!sent.ok) return sent;
    saveDevicePush(true);
    return OK;
  } catch {
    return fail("failed");
  }
}

/** Turns them off: the server forgets the endpoint, the browser drops the subscription. */
export async function disableDevicePush(): Promise<PushOutcome> {
  saveDevicePush(false);
  if (!pushSupported()) return OK;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    if (subscription) {
      // Even if the server cannot be told, the push service answers 410 from now on and it forgets us then.
      await postUnsubscribe(subscription.endpoint);
      await subscription.unsubscribe();
    }
    return OK;
  } catch {
    return OK;
  }
}

/** Seats this device gave up (its profile's, at the sign-out): their turns no longer notify it. Best effort. */
export async function forgetDevicePushSeats(rooms: readonly PushRoom[]): Promise<void> {
  if (!devicePushOn() || rooms.length === 0) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    // Every one of them, a request's worth at a time (the newest games, those still in play, included).
    for (let at = 0; subscription && at < rooms.length; at += LIMITS.roomsPerRequest) await postUnsubscribe(subscription.endpoint, rooms.slice(at, at + LIMITS.roomsPerRequest));
  } catch {
    // Not told: those seats' turns still reach this device until its notices are switched off here.
  }
}

/**
 * After this device takes a new seat (or signs in): the server learns the new token too (no-op with
 * the switch off). True when the server took the subscription.
 */
export async function resendDevicePush(): Promise<boolean> {
  if (!devicePushOn()) return false;
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = await registration?.pushManager.getSubscription();
    return subscription ? (await sendSubscription(subscription)).ok : false;
  } catch {
    return false; // best effort: the next seat or a new switch-on sends it again
  }
}

function sameBytes(key: ArrayBuffer | null, bytes: Uint8Array): boolean {
  if (key === null || key.byteLength !== bytes.length) return false;
  const view = new Uint8Array(key);
  return view.every((byte, i) => byte === bytes[i]);
}

/**
 * Chromium rejects with AbortError both without a push service ("push service not available":
 * offline, de-Googled builds) and where push is not allowed ("permission denied": private windows).
 */
export function subscribeFailure(error: unknown): PushFailure {
  if (!(error instanceof Error)) return "failed";
  if (error.name === "NotAllowedError" || /permission/iu.test(error.message)) return "refused";
  if (error.name === "InvalidStateError") return "failed";
  return "noPushService";
}

async function sendSubscription(subscription: PushSubscription): Promise<PushOutcome> {
  const sent = await postSubscribe(subscription.toJSON(), toLanguage(get(locale)), pushRooms());
  if (sent.ok) return OK;
  return fail(sent.error.code === "NETWORK" ? "failed" : "unavailable");
}
