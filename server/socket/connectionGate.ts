import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

export interface ConnectionLimits {
  /** Sockets one address may hold open at once on this process. */
  readonly perAddress: number;
  /** New sockets one address may open a minute on this process. */
  readonly perAddressPerMinute: number;
}

/**
 * Generous for people: a household or a class behind one address, each with a phone or two and a
 * tab or two, and every one of them reconnecting at once after a restart. Tight for a script: each
 * socket holds memory and a file descriptor, and engine.io answers handshakes before fastify's
 * per-address limits see them.
 */
export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = { perAddress: 100, perAddressPerMinute: 300 };

export type Admission = "ok" | "tooMany" | "tooFast";

/**
 * Which new sockets an address may open: under its cap of open sockets and its rate of new ones.
 * Consulted by socket.io's `allowRequest` (a handshake, before any socket exists); told of each
 * socket that opened and closed. Handshakes already in flight are not counted as open, so a burst can
 * pass the cap by what arrives within one handshake; the rate still bounds it.
 */
export class ConnectionGate {
  private readonly open = new Map<string, number>();
  private readonly starts: RateLimiterMemory;

  constructor(private readonly limits: ConnectionLimits = DEFAULT_CONNECTION_LIMITS) {
    this.starts = new RateLimiterMemory({ points: limits.perAddressPerMinute, duration: 60 });
  }

  /** Whether one more socket from `address` may open now; spends one of its minute's starts if so. */
  async admit(address: string): Promise<Admission> {
    if ((this.open.get(address) ?? 0) >= this.limits.perAddress) return "tooMany";
    try {
      await this.starts.consume(address);
      return "ok";
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return "tooFast";
      throw refusal;
    }
  }

  opened(address: string): void {
    this.open.set(address, (this.open.get(address) ?? 0) + 1);
  }

  closed(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address); // an address's entry goes with its last socket
  }

  /** Open sockets from `address` (tests, metrics). */
  openFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }
}

/** What the refused handshake says (engine.io answers it 403 with this message). */
export const ADMISSION_MESSAGES: Record<Exclude<Admission, "ok">, string> = {
  tooMany: "too many connections from your address; close some tabs or devices and try again",
  tooFast: "too many new connections from your address; try again in a minute",
};
