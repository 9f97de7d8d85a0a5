import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).optional(),
  // Multi-process mode: sockets, broadcasts and room invalidations go through this Redis (needs DATABASE_URL).
  REDIS_URL: z.string().min(1).optional(),
  REDIS_STREAM: z.string().min(1).default("tablee"), // the processes of one deployment share this stream name
  LEASE_TTL_MS: z.coerce.number().int().min(500).default(15_000), // a dead process's rooms move after this long
  LEASE_SWEEP_MS: z.coerce.number().int().min(100).default(5_000), // how often leases are renewed and orphans taken
  PACE_CHECK_MS: z.coerce.number().int().min(100).default(30_000), // how often slow rooms' overdue turns are looked for
  // Tests only: this process's clock runs this far ahead, so a test sees days of a slow room pass.
  TEST_CLOCK_OFFSET_MS: z.coerce.number().int().default(0),
  // Bounds on every database call: a query unanswered this long fails (UNAVAILABLE); so does opening a connection.
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(3_000),
  // At start-up, how long to wait for an unreachable database (retrying with backoff) before giving up.
  DB_WAIT_SECONDS: z.coerce.number().int().min(0).default(60),
  DATA_DIR: z.string().min(1).default(path.join(projectRoot, "data")),
  BOT_DELAY_MS: z.string().default("600-1500"), // computers' thinking pause, a range; "0" for none
  // Worker threads where computers decide, off the event loop (0: on it). Default: one core left to the server, at most 4.
  BOT_THREADS: z.coerce.number().int().min(0).max(64).default(Math.max(1, Math.min(4, availableParallelism() - 1))),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600), // HTTP requests per IP
  ROOMS_PER_MINUTE: z.coerce.number().int().min(1).default(30), // room creations per IP
  SOCKET_EVENTS_PER_SECOND: z.coerce.number().int().min(1).default(20), // per connection, plus an equal burst
  // Behind a load balancer: which proxies to believe about the client's address (X-Forwarded-For), for
  // the per-IP limits. "" trusts none; "true" any; a number of hops; or addresses/CIDRs, comma-separated.
  TRUST_PROXY: z.string().default(""),
  ALLOWED_ORIGINS: z.string().default(""), // comma-separated origins allowed to open sockets besides our own
  // GET /metrics (Prometheus): on behind this bearer token when set; METRICS=on serves it without a
  // token (a private network only: the load balancer must not pass /metrics on); METRICS=off: never.
  METRICS_TOKEN: z.string().min(16, "use at least 16 characters").optional(),
  METRICS: z.enum(["on", "off"]).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof envSchema> & { readonly clientDir: string; readonly migrationsDir: string };

/** Reads the environment once, at start-up; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse({ ...env, DATABASE_URL: env.DATABASE_URL || undefined, REDIS_URL: env.REDIS_URL || undefined, METRICS_TOKEN: env.METRICS_TOKEN || undefined, METRICS: env.METRICS || undefined });
  if (!parsed.success) {
    throw new Error(`bad environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (parsed.data.REDIS_URL && !parsed.data.DATABASE_URL) {
    throw new Error("bad environment: REDIS_URL (several processes) needs DATABASE_URL: the embedded PGlite belongs to one process");
  }
  return {
    ...parsed.data,
    clientDir: path.join(projectRoot, "dist", "client"),
    migrationsDir: path.join(projectRoot, "prisma", "migrations"),
  };
}

/** TRUST_PROXY as fastify's `trustProxy` option (a hop count becomes proxy-addr's trust function). */
export function trustProxyOf(value: string): boolean | string[] | ((address: string, hop: number) => boolean) {
  const text = value.trim();
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/u.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text.split(",").map((part) => part.trim()).filter(Boolean);
}
