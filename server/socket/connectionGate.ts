import ipaddr from "ipaddr.js";
import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { SocketAdmission } from "../../shared/protocol";

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

export type Admission = SocketAdmission["admission"];

/**
 * An address as the gate counts it: an IPv6 one by its /64 (a host is usually given a whole /64, and
 * could take a new address for every socket), an IPv4 one (IPv4-mapped too) as itself.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === "ipv4") return parsed.toString();
  return `${(parsed as ipaddr.IPv6).parts.slice(0, 4).map((part) => part.toString(16)).join(":")}::/64`;
}

/**
 * Which new sockets an address may open (`addressKey`): under its cap of open sockets and its rate of new ones.
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
    const key = addressKey(address);
    if ((this.open.get(key) ?? 0) >= this.limits.perAddress) return "tooMany";
    try {
      await this.starts.consume(key);
      return "ok";
    } catch (refusal) {
      if (refusal instanceof RateLimiterRes) return "tooFast";
      throw refusal;
    }
  }

  /**
   * What `admit` would answer now, spending nothing: a page whose socket keeps failing asks why
   * (GET /api/socket-admission), since a browser shows a WebSocket nothing of a refused handshake.
   */
  async peek(address: string): Promise<Admission> {
    const key = addressKey(address);
    if ((this.open.get(key) ?? 0) >= this.limits.perAddress) return "tooMany";
    const starts = await this.starts.get(key);
    return starts !== null && starts.consumedPoints >= this.limits.perAddressPerMinute ? "tooFast" : "ok";
  }

  opened(address: string): void {
    const key = addressKey(address);
    this.open.set(key, (this.open.get(key) ?? 0) + 1);
  }

  closed(address: string): void {
    const key = addressKey(address);
    const left = (this.open.get(key) ?? 1) - 1;
    if (left > 0) this.open.set(key, left);
    else this.open.delete(key); // an address's entry goes with its last socket
  }

  /** Open sockets from `address` (its /64 for IPv6). */
  openFrom(address: string): number {
    return this.open.get(addressKey(address)) ?? 0;
  }
}

/** What the refused handshake says (engine.io answers it 403 with this message). */
export const ADMISSION_MESSAGES: Record<Exclude<Admission, "ok">, string> = {
  tooMany: "too many connections from your address; close some tabs or devices and try again",
  tooFast: "too many new connections from your address; try again in a minute",
};
