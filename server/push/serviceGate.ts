import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import { getDomain } from "tldts";

/** How the sender shares itself among push services. */
export interface ServiceLimits {
  readonly perService: number; // requests in flight to one push service at once
  readonly queuedPerService: number; // pushes waiting for one push service beyond those; more are dropped
  readonly stallAfter: number; // unanswered or slow requests in a row after which a push service is skipped…
  readonly stallMs: number; // …for this long
  readonly slowMs: number; // an answer later than this counts as none
}

export const DEFAULT_SERVICE_LIMITS: ServiceLimits = { perService: 4, queuedPerService: 200, stallAfter: 3, stallMs: 60_000, slowMs: 5_000 };

/**
 * The browsers' own push services (Chrome and Android, Firefox, Safari, Edge): most pushes go to one
 * of them, so they are not held to one service's share, and a blip of theirs does not stop every
 * push of their browser for a minute. The sender's own bounds (slots, timeout) still hold.
 */
const BROWSER_PUSH_SERVICES: ReadonlySet<string> = new Set(["googleapis.com", "mozilla.com", "apple.com", "windows.com"]);

/** Services remembered beyond this many are dropped when idle (a host name is anyone's to choose). */
const SERVICES_REMEMBERED = 1_000;

interface Service {
  active: number;
  readonly waiting: (() => void)[];
  unanswered: number;
  stalledUntil: number;
}

/** What a push came to within its service's share: done (the work's result), or not tried. */
export type GateOutcome<T> = { readonly done: T; readonly stalledNow: boolean } | { readonly skipped: "stalled" | "busy" };

/**
 * Anyone may subscribe an endpoint on a push service of their own (a public https name they
 * control) that never answers, or answers just before the timeout. Without a gate, its pushes would
 * hold the sender's slots and everyone else's would wait or be dropped. Each push service (a
 * registrable domain: a thousand names under one domain are one service; addresses by network) gets
 * a few slots at most, and one that leaves several requests in a row unanswered or slow is skipped
 * for a while (`stalledNow` tells the request that stalled it, to be logged once).
 */
export class ServiceGate {
  private readonly services = new Map<string, Service>();

  constructor(
    private readonly limits: ServiceLimits = DEFAULT_SERVICE_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  async run<T>(endpoint: string, work: () => Promise<T>, unanswered: (result: T) => boolean): Promise<GateOutcome<T>> {
    const key = serviceOf(endpoint);
    if (BROWSER_PUSH_SERVICES.has(key)) return { done: await work(), stalledNow: false };
    const service = this.serviceFor(key);
    if (service.stalledUntil > this.clock()) return { skipped: "stalled" };
    if (service.active >= this.limits.perService) {
      if (service.waiting.length >= this.limits.queuedPerService) return { skipped: "busy" };
      await new Promise<void>((resolve) => service.waiting.push(resolve));
    }
    service.active++;
    try {
      if (service.stalledUntil > this.clock()) return { skipped: "stalled" };
      const started = this.clock();
      const done = await work();
      const slow = this.clock() - started > this.limits.slowMs;
      service.unanswered = unanswered(done) || slow ? service.unanswered + 1 : 0;
      const stalledNow = service.unanswered >= this.limits.stallAfter && service.stalledUntil <= this.clock();
      if (stalledNow) service.stalledUntil = this.clock() + this.limits.stallMs;
      return { done, stalledNow };
    } finally {
      service.active--;
      service.waiting.shift()?.();
    }
  }

  private serviceFor(key: string): Service {
    const known = this.services.get(key);
    if (known) return known;
    if (this.services.size >= SERVICES_REMEMBERED) {
      const now = this.clock();
      for (const [name, service] of this.services) if (service.active === 0 && service.waiting.length === 0 && service.stalledUntil <= now) this.services.delete(name);
    }
    const service: Service = { active: 0, waiting: [], unanswered: 0, stalledUntil: 0 };
    this.services.set(key, service);
    return service;
  }
}

/**
 * The push service an endpoint belongs to: its registrable domain; for an address, its network (an
 * IPv4 /24, an IPv6 /64: one home's or one server's addresses are one service); else its host.
 */
export function serviceOf(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return endpoint;
  }
  const host = url.hostname.replace(/^\[|\]$/gu, "");
  if (isIP(host) === 0) return getDomain(host) ?? url.host;
  const address = ipaddr.process(host);
  const prefix = address.kind() === "ipv4" ? 24 : 64;
  const bytes = address.toByteArray().map((byte, index) => (index * 8 >= prefix ? 0 : byte));
  return `${ipaddr.fromByteArray(bytes).toString()}/${prefix}`;
}
