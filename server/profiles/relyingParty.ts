import type { FastifyRequest } from "fastify";

/** Who passkeys are made for: the site's origin and its RP id (the domain the passkeys belong to). */
export interface RelyingParty {
  readonly origin: string; // https://tablee.example
  readonly rpId: string; // tablee.example
}

/**
 * The relying party of a request: the configured one (PUBLIC_ORIGIN, in production), else the
 * request's own scheme and host (development, tests). Taking the host from the request is safe for
 * WebAuthn: the browser signs the page's real origin into clientDataJSON and only offers passkeys of
 * that page's domain, so a request with a forged Host header carries an answer that fails the check.
 */
export function relyingPartyOf(request: FastifyRequest, configured: RelyingParty | null): RelyingParty {
  if (configured) return configured;
  return { origin: `${request.protocol}://${request.host}`, rpId: request.hostname };
}

/** PUBLIC_ORIGIN as a relying party ("https://tablee.example" → rpId tablee.example). */
export function relyingPartyFromOrigin(origin: string): RelyingParty {
  const url = new URL(origin);
  return { origin: url.origin, rpId: url.hostname };
}
