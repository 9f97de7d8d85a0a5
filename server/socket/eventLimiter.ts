import { BurstyRateLimiter, RateLimiterMemory } from "rate-limiter-flexible";

export interface EventLimits {
  readonly perSecond: number; // sustained events per second per connection
  readonly burst: number; // extra events allowed in a short burst
  /** Refused events within `abuseWindowMs` after which the connection is cut. */
  readonly abuseRefusals: number;
  readonly abuseWindowMs: number;
}

export const DEFAULT_EVENT_LIMITS: EventLimits = { perSecond: 20, burst: 20, abuseRefusals: 60, abuseWindowMs: 10_000 };

/**
 * Per-connection limits on socket events: `perSecond` sustained plus a burst (rate-limiter-flexible's
 * bursty limiter, i.e. a token bucket of perSecond + burst), and a cut-off for clients that keep
 * hammering after being refused.
 */
export class EventLimiter {
  private readonly limiter: BurstyRateLimiter;
  private readonly refusals = new Map<string, number[]>();

  constructor(private readonly limits: EventLimits = DEFAULT_EVENT_LIMITS) {
    this.limiter = new BurstyRateLimiter(
      new RateLimiterMemory({ points: limits.perSecond, duration: 1 }),
      new RateLimiterMemory({ keyPrefix: "burst", points: limits.burst, duration: Math.max(1, Math.ceil(limits.burst / limits.perSecond)) }),
    );
  }

  /** Whether this connection may send one more event now; records refusals for the abuse check. */
  async allow(connectionId: string, now: number): Promise<"ok" | "refused" | "abusive"> {
    try {
      await this.limiter.consume(connectionId, 1);
      return "ok";
    } catch {
      const recent = (this.refusals.get(connectionId) ?? []).filter((t) => now - t < this.limits.abuseWindowMs);
      recent.push(now);
      this.refusals.set(connectionId, recent);
      return recent.length >= this.limits.abuseRefusals ? "abusive" : "refused";
    }
  }

  forget(connectionId: string): void {
    this.refusals.delete(connectionId);
  }
}
