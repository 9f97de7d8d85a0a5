import webPush from "web-push";
import type { VapidKeys } from "./keys";

/** What became of one push: delivered to the push service, the subscription is gone (404/410), or not. */
export type SendOutcome = { readonly kind: "sent" } | { readonly kind: "gone"; readonly status: number } | { readonly kind: "failed"; readonly reason: string };

export interface SenderLimits {
  readonly timeoutMs: number; // one request to a push service, answer included
  readonly concurrency: number; // requests in flight at once
  readonly queued: number; // pushes waiting beyond those; more are dropped (and said so)
  readonly ttlSeconds: number; // how long a push service keeps a push for a device that is off
}

export const DEFAULT_SENDER_LIMITS: SenderLimits = { timeoutMs: 10_000, concurrency: 8, queued: 1_000, ttlSeconds: 24 * 3600 };

/** The device side of a subscription. */
export interface PushTarget {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/**
 * Sends encrypted pushes signed with the VAPID key. web-push builds each request (the aes128gcm body
 * and the `Authorization: vapid t=…, k=…` header); we send it ourselves with fetch, which gives a
 * timeout for the whole exchange and also reaches http:// endpoints (web-push's own sender is https only).
 */
export class PushSender {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly keys: VapidKeys,
    private readonly limits: SenderLimits = DEFAULT_SENDER_LIMITS,
  ) {}

  async send(target: PushTarget, payload: string): Promise<SendOutcome> {
    if (this.active >= this.limits.concurrency) {
      if (this.waiting.length >= this.limits.queued) return { kind: "failed", reason: "too many pushes waiting" };
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    this.active++;
    try {
      return await this.post(target, payload);
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  private async post(target: PushTarget, payload: string): Promise<SendOutcome> {
    let request: webPush.RequestDetails;
    try {
      request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { ...target.keys } }, payload, {
        vapidDetails: this.keys,
        TTL: this.limits.ttlSeconds,
        contentEncoding: "aes128gcm",
      });
    } catch (error) {
      return { kind: "failed", reason: `cannot encrypt for this subscription: ${(error as Error).message}` };
    }
    // fetch sets the length itself from the body.
    const headers = Object.fromEntries(Object.entries(request.headers).filter(([name]) => name.toLowerCase() !== "content-length").map(([name, value]) => [name, String(value)]));
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers,
        ...(request.body ? { body: new Uint8Array(request.body) } : {}),
        redirect: "manual",
        signal: AbortSignal.timeout(this.limits.timeoutMs),
      });
      await response.arrayBuffer().catch(() => undefined); // read to the end: the connection goes back to the pool
      if (response.status === 404 || response.status === 410) return { kind: "gone", status: response.status };
      if (response.status < 200 || response.status > 299) return { kind: "failed", reason: `push service answered ${response.status}` };
      return { kind: "sent" };
    } catch (error) {
      const name = (error as Error).name;
      return { kind: "failed", reason: name === "TimeoutError" ? `no answer within ${this.limits.timeoutMs} ms` : (error as Error).message };
    }
  }
}
