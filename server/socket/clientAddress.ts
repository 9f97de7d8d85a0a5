import type { IncomingMessage } from "node:http";
import proxyaddr from "@fastify/proxy-addr";

/** Which proxies' X-Forwarded-For is believed: fastify's `trustProxy` option, as app.ts takes it. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

/**
 * Reads a socket's client address from its first request as fastify reads an HTTP request's
 * (`trustProxy`): behind HAProxy, the address X-Forwarded-For gives, not the proxy's own (which every
 * socket shares: a per-address cap on it would be one cap for everyone). Compiled once.
 */
export function clientAddressReader(trust: TrustProxy): (request: IncomingMessage) => string | undefined {
  if (trust === false) return (request) => request.socket.remoteAddress;
  const trusted = trust === true ? () => true : Array.isArray(trust) ? proxyaddr.compile(trust) : trust;
  return (request) => proxyaddr(request, trusted);
}
