import { isIP } from "node:net";
import { getDomain } from "tldts";

/** How the sender shares itself among push services. */
export interface ServiceLimits {
  readonly perService: number; // requests in flight to one push service at once
  readonly queuedPerService: number; // pushes waiting for one push service beyond those; more are dropped
  readonly stallAfter: number; // unanswered requests in a row after which a push service is skipped…
  readonly stallMs: number; // …for this long
}

export const DEFAULT_SERVICE_LIMITS: ServiceLimits = { perService: 4, queuedPerService: 200, stallAfter: 3, stallMs: 60_000 };

interface Service {
  active: number;
  readonly waiting: (() => void)[];
  unanswered: number;
  stalledUntil: number;
}

/**
 * Anyone may subscribe an endpoint on a push service of their own (a public https name they
 * control) that never answers. Without a gate, its pushes would hold every one of the sender's
 * slots for the whole timeout and everyone else's would wait or be dropped. Each push service (a
 * registrable domain: a thousand names under one domain are one service) gets a few slots at most,
 * and one that leaves several requests in a row unanswered is skipped for a while.
 */
export class ServiceGate {
  private readonly services = new Map<string, Service>();

  constructor(
    private readonly limits: ServiceLimits = DEFAULT_SERVICE_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  /**
   * Runs `work` within the endpoint's service's share: "stalled" when that service is skipped for
   * now, "busy" when too many pushes already wait for it.
   */
  async run<T extends object>(endpoint: string, work: () => Promise<T>, unanswered: (result: T) => boolean): Promise<T | "stalled" | "busy"> {
    const key = serviceOf(endpoint);
    const service = this.services.get(key) ?? { active: 0, waiting: [], unanswered: 0, stalledUntil: 0 };
    this.services.set(key, service);
    if (service.stalledUntil > this.clock()) return "stalled";
    if (service.active >= this.limits.perService) {
      if (service.waiting.length >= this.limits.queuedPerService) return "busy";
      await new Promise<void>((resolve) => service.waiting.push(resolve));
    }
    service.active++;
    try {
      if (service.stalledUntil > this.clock()) return "stalled";
      const result = await work();
      service.unanswered = unanswered(result) ? service.unanswered + 1 : 0;
      if (service.unanswered >= this.limits.stallAfter) service.stalledUntil = this.clock() + this.limits.stallMs;
      return result;
    } finally {
      service.active--;
      service.waiting.shift()?.();
      if (service.active === 0 && service.stalledUntil <= this.clock() && service.unanswered === 0) this.services.delete(key);
    }
  }
}

/** The push service an endpoint belongs to: its registrable domain, or its host when it has none (an address, localhost). */
export function serviceOf(endpoint: string): string {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return endpoint;
  }
  const host = url.hostname.replace(/^\[|\]$/gu, "");
  return isIP(host) === 0 ? (getDomain(host) ?? url.host) : url.host;
}
