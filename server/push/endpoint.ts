import type { LookupAddress } from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { parse as parseDomain } from "tldts";

/**
 * Which push endpoints the server will send to. The endpoint comes from a browser, so anyone may name
 * any URL: without a check, the server could be made to POST to addresses on its own network (its
 * database, a cloud metadata service, the router). Real push services (FCM, Mozilla, Apple,
 * Microsoft) are public names on port 443, so only those are taken. Two checks:
 * - when subscribing (`pushEndpointRefusal`): https on port 443, no credentials, and a host that is
 *   either a public unicast IP literal or a name of at least two labels under a public top-level
 *   domain (the ICANN part of the Public Suffix List, through tldts): so no `localhost` in any
 *   spelling, no single-label host (`metadata`, `ip6-localhost`), no `.lan`, `.local`, `.internal`,
 *   `.home.arpa`; trailing dots are removed first (`localhost.` is `localhost`);
 * - when sending (`publicOnlyLookup`, used by the sender): the name is resolved and refused if any of
 *   its addresses is not public, on the very lookup the connection uses (no second resolution to
 *   race with a DNS answer that changes).
 * `allowLocal` (PUSH_ALLOW_LOCAL_ENDPOINTS, tests and a push service of one's own) lifts both.
 */

/** A DNS label as host names have them (letters, digits, inner hyphens; URL gives IDNs as xn--). */
const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/u;

/** Top-level domains in the ICANN list that still never name a public push service. */
const SPECIAL_SUFFIXES = new Set(["arpa", "onion"]);

/**
 * Whether `address` (an IPv4 or IPv6 literal, no brackets) is a public unicast address: not
 * loopback, private, link-local (cloud metadata, 169.254.169.254), CGNAT (100.64/10), unique-local
 * (fd00:ec2::254), unspecified, multicast, broadcast, reserved or documentation, nor an IPv6 form
 * of any of those (IPv4-mapped, NAT64, 6to4, Teredo). ipaddr.js keeps the list of ranges.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === "unicast";
}

/** Why the server will not send pushes to `endpoint`, or null when it will. */
export function pushEndpointRefusal(endpoint: string, allowLocal: boolean): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "not a URL";
  }
  if (allowLocal) return url.protocol === "https:" || url.protocol === "http:" ? null : "not an http(s) URL";
  if (url.protocol !== "https:") return "not https";
  if (url.username !== "" || url.password !== "") return "carries credentials";
  if (url.port !== "") return `port ${url.port}: push services listen on 443`; // URL leaves out :443 for https
  // One trailing dot is the same name, fully qualified: `localhost.` is `localhost`.
  const host = url.hostname.replace(/^\[|\]$/gu, "").replace(/\.$/u, "");
  if (isIP(host) !== 0) return isPublicAddress(host) ? null : `${ipaddr.process(host).range()} address`;
  const labels = host.split(".");
  if (!labels.every((label) => HOST_LABEL.test(label))) return "not a host name";
  if (labels.at(-1) === "localhost") return "localhost";
  if (labels.length < 2) return "a single-label host";
  const { publicSuffix, isIcann } = parseDomain(host);
  if (!isIcann || publicSuffix === null || SPECIAL_SUFFIXES.has(publicSuffix.split(".").at(-1) ?? "")) return "not under a public top-level domain";
  return null;
}

/** Resolves a host name to all its addresses, as `dns.lookup(name, { all: true })` does. */
export type ResolveAll = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: readonly LookupAddress[]) => void) => void;

/**
 * A `lookup` for the push sender's sockets: resolves the name and refuses the connection when any
 * of its addresses is not public (`isPublicAddress`), with an error saying which kind it is. The
 * socket connects to what this lookup returns, so a name cannot pass the check with one answer and
 * connect with another. IP literals are not looked up: `pushEndpointRefusal` checks those.
 */
export function publicOnlyLookup(resolve: ResolveAll): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, (error, all) => {
      if (error) return callback(error, "");
      const notPublic = all.find((entry) => !isPublicAddress(entry.address));
      const family = options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
      const usable = all.filter((entry) => family === 0 || entry.family === family);
      const [first] = usable;
      if (notPublic || !first) {
        const refused: NodeJS.ErrnoException = new Error(
          notPublic ? `${hostname} resolves to a ${ipaddr.isValid(notPublic.address) ? ipaddr.process(notPublic.address).range() : "malformed"} address: not a public push service` : `${hostname} has no address`,
        );
        refused.code = notPublic ? "EPUSHNOTPUBLIC" : "ENOTFOUND";
        return callback(refused, "");
      }
      if (options.all) callback(null, usable);
      else callback(null, first.address, first.family);
    });
  };
}
