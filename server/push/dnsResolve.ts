import { Resolver, type LookupAddress } from "node:dns";
import type { ResolveAll } from "./endpoint";

/** What of a resolver this uses: node:dns's `Resolver` (c-ares) has both. */
export type AddressQueries = Pick<Resolver, "resolve4" | "resolve6">;

/** Answers that only mean "no address of this family": the other family may have some. */
const NO_ADDRESS = new Set(["ENODATA", "ENOTFOUND"]);

/**
 * Resolves a push service's name by asking DNS servers directly (c-ares, node:dns's `Resolver`), its
 * IPv4 and IPv6 addresses at once, IPv4 first. Not `dns.lookup`: that runs getaddrinfo on libuv's
 * thread pool (four threads, shared with file reads and compression), where a name whose servers never
 * answer held a thread well past the push's own time-out, so a few subscriptions on such a domain
 * could stall the static files. Here a query gives up after `timeoutMs` × `tries` and holds no thread.
 */
export function resolveWithDns(queries: AddressQueries = new Resolver({ timeout: 2_000, tries: 2 })): ResolveAll {
  return (hostname, callback) => {
    const found: Record<4 | 6, LookupAddress[]> = { 4: [], 6: [] };
    let failure: NodeJS.ErrnoException | null = null;
    let pending = 2;
    const answer = (family: 4 | 6) => (error: NodeJS.ErrnoException | null, addresses: string[]) => {
      if (error === null) found[family] = addresses.map((address) => ({ address, family }));
      else if (!NO_ADDRESS.has(error.code ?? "")) failure ??= error;
      if (--pending > 0) return;
      const all = [...found[4], ...found[6]];
      if (all.length > 0) return callback(null, all);
      callback(failure ?? Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), []);
    };
    queries.resolve4(hostname, answer(4));
    queries.resolve6(hostname, answer(6));
  };
}
