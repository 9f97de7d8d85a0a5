export interface EventLimits {
  readonly perSecond: number; // sustained events per second per connection
  readonly burst: number; // extra events allowed in a short burst
  /** Refused events within `abuseWindowMs` after which the connection is cut. */
  readonly abuseRefusals: number;
  readonly abuseWindowMs: number;
}

export const DEFAULT_EVENT_LIMITS: EventLimits = { perSecond: 20, burst: 20, abuseRefusals: 60, abuseWindowMs: 10_000 };

/** One connection's allowance: tokens left (at most perSecond + burst) as of `at` (ms). */
interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Per-connection limits on socket events: a token bucket of perSecond + burst tokens refilled at
 * perSecond, and a cut-off for clients that keep hammering after being refused.
 *
 * Hand-written rather than rate-limiter-flexible (which the HTTP and chat limits use): it runs for
 * every event of every socket, and the library's in-memory limiter answers through promises and
 * keeps each key's window with a timer of its own. Measured under load, those timers, records and
 * promises, alive for a second, were a sizeable part of what each move left for the garbage
 * collector's old generation; a bucket is two numbers per connection, updated in place.
 */
export class EventLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refusals = new Map<string, number[]>();
  private readonly capacity: number;

  constructor(private readonly limits: EventLimits = DEFAULT_EVENT_LIMITS) {
    this.capacity = limits.perSecond + limits.burst;
  }

  /** Whether this connection may send one more event now (`now` in ms); records refusals for the abuse check. */
  allow(connectionId: string, now: number): "ok" | "refused" | "abusive" {
    let bucket = this.buckets.get(connectionId);
    if (bucket === undefined) this.buckets.set(connectionId, (bucket = { tokens: this.capacity, at: now }));
    else {
      bucket.tokens = Math.min(this.capacity, bucket.tokens + (Math.max(0, now - bucket.at) * this.limits.perSecond) / 1000);
      bucket.at = now;
    }
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return "ok";
    }
    const recent = (this.refusals.get(connectionId) ?? []).filter((t) => now - t < this.limits.abuseWindowMs);
    recent.push(now);
    this.refusals.set(connectionId, recent);
    return recent.length >= this.limits.abuseRefusals ? "abusive" : "refused";
  }

  /** The connection closed: its allowance and refusals go. */
  forget(connectionId: string): void {
    this.buckets.delete(connectionId);
    this.refusals.delete(connectionId);
  }
}
