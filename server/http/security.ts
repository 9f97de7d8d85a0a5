import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

export interface HttpLimits {
  readonly requestsPerMinute: number; // per IP, every route
  readonly roomsPerMinute: number; // per IP, room and demo creation
  readonly profileRequestsPerMinute?: number; // per IP and profile route (default DEFAULT_PROFILE_REQUESTS_PER_MINUTE)
}

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

/** Route options for the stricter limit on creating rooms. */
export function roomCreationLimit(limits: HttpLimits) {
  return { config: { rateLimit: { max: limits.roomsPerMinute, timeWindow: "1 minute" } } };
}
