import http from "node:http";
import https from "node:https";
import webPush from "web-push";
import { resolveWithDns } from "./dnsResolve";
import { publicOnlyLookup, pushEndpointRefusal, type ResolveAll } from "./endpoint";
import type { VapidKeys } from "./keys";
import { DEFAULT_SERVICE_LIMITS, ServiceGate, type ServiceLimits } from "./serviceGate";

/**
 * What became of one push: delivered to the push service, the subscription is gone (404/410), its
 * endpoint is one the server no longer sends to (stored before the rule tightened: delete it too),
 * or not delivered this time.
 */
export type SendOutcome =
  | { readonly kind: "sent" }
  | { readonly kind: "gone"; readonly status: number }
  | { readonly kind: "refused"; readonly reason: string }
  | { readonly kind: "failed"; readonly reason: string; readonly unanswered?: true } // unanswered: no answer within the time-out
  | { readonly kind: "skipped"; readonly reason: string }; // its push service left several in a row unanswered (each logged): not tried for a while

export interface SenderLimits {
  readonly timeoutMs: number; // one request to a push service, answer included
  readonly concurrency: number; // requests in flight at once
  readonly queued: number; // pushes waiting beyond those; more are dropped (and said so)
  readonly ttlSeconds: number; // how long a push service keeps a push for a device that is off
  readonly services?: ServiceLimits; // each push service's share (default DEFAULT_SERVICE_LIMITS)
}

export const DEFAULT_SENDER_LIMITS: SenderLimits = { timeoutMs: 10_000, concurrency: 16, queued: 1_000, ttlSeconds: 24 * 3600 };

/** The device side of a subscription. */
export interface PushTarget {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
}

/** Where pushes may go: only public push services (production), or local ones too (tests). */
export interface SenderNetwork {
  readonly allowLocal: boolean; // PUSH_ALLOW_LOCAL_ENDPOINTS: http and private addresses taken
  readonly resolve?: ResolveAll; // how names are resolved (tests pass their own); default DNS queried directly (dnsResolve.ts)
}

/**
 * Sends encrypted pushes signed with the VAPID key. web-push builds each request (the aes128gcm body
 * and the `Authorization: vapid t=…, k=…` header); we send it ourselves with node:https, whose
 * sockets resolve names through `publicOnlyLookup`: a public name that resolves to a private address
 * is refused at the connection itself, not only when subscribing. Redirects are not followed; the
 * timeout covers the whole exchange. http:// endpoints are reached only when local ones are allowed.
 */
export class PushSender {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly agents: { readonly "https:": https.Agent; readonly "http:": http.Agent };
  private readonly gate: ServiceGate;

  constructor(
    private readonly keys: VapidKeys,
    private readonly limits: SenderLimits = DEFAULT_SENDER_LIMITS,
    private readonly network: SenderNetwork = { allowLocal: false },
  ) {
    // Connections are kept for the next push to the same service (idle ones do not hold the process).
    const lookup = network.allowLocal ? {} : { lookup: publicOnlyLookup(network.resolve ?? resolveWithDns()) };
    this.agents = { "https:": new https.Agent({ keepAlive: true, ...lookup }), "http:": new http.Agent({ keepAlive: true, ...lookup }) };
    this.gate = new ServiceGate(limits.services ?? DEFAULT_SERVICE_LIMITS);
  }

  /** One push, within its push service's share of the sender (ServiceGate), then within the sender's. */
  async send(target: PushTarget, payload: string): Promise<SendOutcome> {
    const outcome = await this.gate.run(target.endpoint, () => this.sendNow(target, payload), (result) => result.kind === "failed" && result.unanswered === true);
    if ("skipped" in outcome) {
      return outcome.skipped === "stalled"
        ? { kind: "skipped", reason: "push service not answering: skipped for now" }
        : { kind: "failed", reason: "too many pushes waiting for this push service" };
    }
    const { done, stalledNow } = outcome;
    // The push that stalls its service says so, once: the ones held back after it are logged at debug.
    return stalledNow && done.kind === "failed" ? { ...done, reason: `${done.reason}; push service skipped for a while (several in a row unanswered or slow)` } : done;
  }

  private async sendNow(target: PushTarget, payload: string): Promise<SendOutcome> {
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
    // Checked again here: a subscription stored before the rule tightened may name anything.
    const refusal = pushEndpointRefusal(target.endpoint, this.network.allowLocal);
    if (refusal !== null) return { kind: "refused", reason: `not a public https push service: ${refusal}` };
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
    const signal = AbortSignal.timeout(this.limits.timeoutMs);
    let status: number;
    try {
      status = await this.exchange(request, signal);
    } catch (error) {
      return signal.aborted ? { kind: "failed", reason: `no answer within ${this.limits.timeoutMs} ms`, unanswered: true } : { kind: "failed", reason: (error as Error).message };
    }
    if (status === 404 || status === 410) return { kind: "gone", status };
    if (status < 200 || status > 299) return { kind: "failed", reason: `push service answered ${status}` };
    return { kind: "sent" };
  }

  /** One POST to the push service; resolves with its status once the answer is read to the end. */
  private exchange(request: webPush.RequestDetails, signal: AbortSignal): Promise<number> {
    const url = new URL(request.endpoint);
    const agent = url.protocol === "https:" ? this.agents["https:"] : this.agents["http:"];
    const send = url.protocol === "https:" ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const outgoing = send(url, { method: request.method, headers: request.headers, agent, signal }, (response) => {
        response.on("error", reject);
        response.on("end", () => resolve(response.statusCode ?? 0));
        response.resume(); // read to the end: the connection goes back to the pool
      });
      outgoing.on("error", reject);
      outgoing.end(request.body ?? undefined);
    });
  }
}
