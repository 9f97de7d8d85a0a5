import { isIP } from "node:net";

/**
 * Whether the server may send pushes to `endpoint`. The endpoint comes from a browser, so anyone may
 * name any URL: without a check, the server could be made to POST to addresses on its own network.
 * Real push services (FCM, Mozilla, Apple, Microsoft) are public https URLs, so only those are
 * taken: https, and no loopback, private, link-local or unspecified address written as the host.
 * `allowLocal` (PUSH_ALLOW_LOCAL_ENDPOINTS) lifts this for tests and a push service of one's own.
 * A public name that resolves to a private address is not caught here: docs/security.md says to
 * filter the server's outgoing traffic.
 */
export function pushEndpointAllowed(endpoint: string, allowLocal: boolean): boolean {
  if (allowLocal) return true;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== "https:") return false;
  const host = url.hostname.replace(/^\[|\]$/gu, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost") || host.endsWith(".local") || host.endsWith(".internal")) return false;
  const family = isIP(host);
  if (family === 4) return !isLocalIPv4(host);
  if (family === 6) return !isLocalIPv6(host);
  return true;
}

function isLocalIPv4(address: string): boolean {
  const [a = 0, b = 0] = address.split(".").map(Number);
  return a === 0 || a === 10 || a === 127 || (a === 100 && b >= 64 && b <= 127) || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || a >= 224;
}

function isLocalIPv6(address: string): boolean {
  if (address === "::" || address === "::1") return true;
  // An IPv4 address mapped into IPv6; URL writes it in hex (::ffff:7f00:1 for 127.0.0.1).
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/u.exec(address);
  if (mapped?.[1]) return isLocalIPv4(mapped[1]);
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/u.exec(address);
  if (hex?.[1] && hex[2]) {
    const high = parseInt(hex[1], 16);
    const low = parseInt(hex[2], 16);
    return isLocalIPv4(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  return /^(fc|fd|fe8|fe9|fea|feb|ff)/u.test(address);
}
