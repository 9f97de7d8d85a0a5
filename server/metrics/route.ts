import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { PrometheusMetrics } from "./prometheus";

/** How /metrics is served: not at all, to anyone who can reach it, or to holders of a bearer token. */
export type MetricsAccess = { readonly kind: "off" } | { readonly kind: "open" } | { readonly kind: "token"; readonly token: string };

/** METRICS_TOKEN turns metrics on behind that token; METRICS=on without a token serves them to anyone (private networks). */
export function metricsAccessOf(setting: "on" | "off" | undefined, token: string | undefined): MetricsAccess {
  if (setting === "off") return { kind: "off" };
  if (token) return { kind: "token", token };
  return setting === "on" ? { kind: "open" } : { kind: "off" };
}

const digest = (text: string): Buffer => createHash("sha256").update(text).digest();

/** Constant-time comparison of an Authorization header with `Bearer <token>`. */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const match = /^Bearer\s+(\S+)\s*$/iu.exec(header ?? "");
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(token));
}

/**
 * `GET /metrics` in the Prometheus text format, for this process only (each replica is scraped on
 * its own). Off: 404, like any unknown API path (and not the web client's index.html). With a
 * token: 401 unless `Authorization: Bearer <token>`.
 */
export function registerMetricsRoute(app: FastifyInstance, metrics: PrometheusMetrics | null, access: MetricsAccess): void {
  // Not under the per-IP request limit: a scraper behind the same address as players must not be cut off.
  app.get("/metrics", { config: { rateLimit: false } }, async (request, reply) => {
    if (!metrics || access.kind === "off") return reply.status(404).send({ error: { code: "BAD_REQUEST", message: "not found" } });
    if (access.kind === "token" && !bearerMatches(request.headers.authorization, access.token)) {
      return reply
        .status(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ error: { code: "BAD_REQUEST", message: "metrics need Authorization: Bearer <METRICS_TOKEN>" } });
    }
    const { contentType, body } = await metrics.text();
    return reply.header("content-type", contentType).header("cache-control", "no-store").send(body);
  });
}
