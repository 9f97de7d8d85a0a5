import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

export interface HttpLimits {
  readonly requestsPerMinute: number; // per IP, every route
  readonly roomsPerMinute: number; // per IP, room and demo creation
  readonly profileRequestsPerMinute?: number; // per IP and profile route (default DEFAULT_PROFILE_REQUESTS_PER_MINUTE)
  /** Per IP and route, on the routes that look up to 200 rooms from a device's tokens (default DEFAULT_TOKEN_LISTS_PER_MINUTE). */
  readonly tokenListsPerMinute?: number;
}

/** A device sends its list of rooms when a page opens or comes back: a few times a minute at most. */
export const DEFAULT_TOKEN_LISTS_PER_MINUTE = 60;

export const DEFAULT_HTTP_LIMITS: HttpLimits = { requestsPerMinute: 600, roomsPerMinute: 30 };

/**
 * Security headers with a strict Content-Security-Policy (the built client has no inline script),
 * and per-IP rate limits answered with our own error shape.
 */
export async function registerSecurity(app: FastifyInstance, limits: HttpLimits): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Svelte sets some element styles from script; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.requestsPerMinute,
    timeWindow: "1 minute",
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: { code: "RATE_LIMITED", message: `too many requests; retry in ${Math.ceil(context.ttl / 1000)} s` },
    }),
  });
}

/** Route options for the routes that read a device's whole list of rooms (up to 200 lookups a request). */
export function tokenListLimit(limits: HttpLimits) {
  return { config: { rateLimit: { max: limits.tokenListsPerMinute ?? DEFAULT_TOKEN_LISTS_PER_MINUTE, timeWindow: "1 minute" } } };
}

/** Route options for the stricter limit on creating rooms. */
export function roomCreationLimit(limits: HttpLimits) {
  return { config: { rateLimit: { max: limits.roomsPerMinute, timeWindow: "1 minute" } } };
}
