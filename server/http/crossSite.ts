import type { FastifyInstance } from "fastify";
import { TableeError } from "../../shared/protocol";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Sec-Fetch-Site values of requests a page of our own origin made, or the user typed. */
const OWN_FETCH_SITES = new Set(["same-origin", "none"]);

/**
 * Why a state-changing request is refused as cross-site, or null. Browsers send Sec-Fetch-Site
 * (fetch metadata) and Origin on every POST; a page of another site cannot leave them out or
 * forge them. Scripts and native clients send neither and carry no victim's cookie: they pass.
 * "same-site" is refused too: a sibling subdomain is not us.
 */
export function crossSiteRefusal(headers: { origin?: string | undefined; host?: string | undefined; "sec-fetch-site"?: string | undefined }, allowedOrigins: readonly string[]): string | null {
  const site = headers["sec-fetch-site"];
  const origin = headers.origin;
  const allowedOrigin = origin !== undefined && allowedOrigins.includes(origin);
  if (site !== undefined && !OWN_FETCH_SITES.has(site) && !allowedOrigin) return `Sec-Fetch-Site: ${site}`;
  if (origin === undefined || allowedOrigin) return null;
  try {
    return new URL(origin).host === headers.host ? null : `Origin ${origin}`;
  } catch {
    return `Origin ${origin}`;
  }
}

/** Refuses (403 CROSS_SITE, before any handler runs) every state-changing request another site's page makes. */
export function registerCrossSiteCheck(app: FastifyInstance, allowedOrigins: readonly string[]): void {
  app.addHook("onRequest", async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const refusal = crossSiteRefusal(request.headers as Record<string, string | undefined>, allowedOrigins);
    if (refusal !== null) throw new TableeError("CROSS_SITE", `cross-site request refused (${refusal})`);
  });
}
