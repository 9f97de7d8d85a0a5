import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { leaseTimingProblem } from "./cluster/leaseTiming";
import { DEFAULT_CONNECTION_LIMITS } from "./socket/connectionGate";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: z.string().min(1).optional(),
  // Multi-process mode: sockets, broadcasts and room invalidations go through this Redis (needs DATABASE_URL).
  REDIS_URL: z.string().min(1).optional(),
  REDIS_STREAM: z.string().min(1).default("tablee"), // the processes of one deployment share this stream name
  LEASE_TTL_MS: z.coerce.number().int().min(500).default(15_000), // a dead process's rooms are taken over within this long
  LEASE_SWEEP_MS: z.coerce.number().int().min(100).default(3_000), // how often leases are renewed and orphans taken (at most a fifth of LEASE_TTL_MS)
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
  TOKEN_LISTS_PER_MINUTE: z.coerce.number().int().min(1).default(60), // per IP, each route reading a device's list of rooms
  SOCKET_EVENTS_PER_SECOND: z.coerce.number().int().min(1).default(20), // per connection, plus an equal burst
  SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(DEFAULT_CONNECTION_LIMITS.perAddress), // open at once, per IP and process
  SOCKET_CONNECTIONS_PER_MINUTE: z.coerce.number().int().min(1).default(DEFAULT_CONNECTION_LIMITS.perAddressPerMinute), // new ones, per IP and process
  // Behind a load balancer: which proxies to believe about the client's address (X-Forwarded-For), for
  // the per-IP limits. "" trusts none; "true" any; a number of hops; or addresses/CIDRs, comma-separated.
  TRUST_PROXY: z.string().default(""),
  // The site's public origin (https://tablee.example): passkeys belong to its domain, and a passkey's
  // answer must come from a page of it. Unset: each request's own scheme and host (development).
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/u }).optional(),
  ALLOWED_ORIGINS: z.string().default(""), // comma-separated origins allowed to open sockets besides our own
  // GET /metrics (Prometheus): on behind this bearer token when set; METRICS=on serves it without a
  // token (a private network only: the load balancer must not pass /metrics on); METRICS=off: never.
  METRICS_TOKEN: z.string().min(16, "use at least 16 characters").optional(),
  METRICS: z.enum(["on", "off"]).optional(),
  // Web Push (VAPID): the key pair pushes are signed with, base64url as `npx web-push generate-vapid-keys`
  // prints it. Unset: made at the first start and kept in the database. A cluster may use either, as long
  // as every process has the same pair (browsers' subscriptions are bound to the public key).
  VAPID_PUBLIC_KEY: z.string().regex(/^B[A-Za-z0-9_-]{86}$/u, "a base64url P-256 public key (65 bytes)").optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/u, "a base64url P-256 private key (32 bytes)").optional(),
  // Who push services may contact about this server's pushes: a mailto: or https: URL.
  // Tests, or a push service of one's own: take http endpoints and local addresses (never in production).
  PUSH_ALLOW_LOCAL_ENDPOINTS: z.enum(["true", "false"]).default("false"),
  VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)\S+$/u, "a mailto: or https:// URL").default("mailto:admin@tablee.invalid"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Config = z.infer<typeof envSchema> & { readonly clientDir: string; readonly migrationsDir: string };

/** Reads the environment once, at start-up; a bad value stops the server with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const unsetIfEmpty = ["PUBLIC_ORIGIN", "DATABASE_URL", "REDIS_URL", "METRICS_TOKEN", "METRICS", "VAPID_PUBLIC_KEY", "VAPID_PRIVATE_KEY", "VAPID_SUBJECT"] as const;
  const parsed = envSchema.safeParse({ ...env, ...Object.fromEntries(unsetIfEmpty.map((name) => [name, env[name] || undefined])) });
  if (!parsed.success) {
    throw new Error(`bad environment: ${parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ")}`);
  }
  if (parsed.data.REDIS_URL && !parsed.data.DATABASE_URL) {
    throw new Error("bad environment: REDIS_URL (several processes) needs DATABASE_URL: the embedded PGlite belongs to one process");
  }
  // A lease lasts LEASE_TTL_MS − LEASE_SWEEP_MS, so that a dead process's rooms are taken over within
  // LEASE_TTL_MS; swept too rarely, a live process's leases could run out between two sweeps (leaseTiming.ts).
  const leaseProblem = leaseTimingProblem(parsed.data.LEASE_TTL_MS, parsed.data.LEASE_SWEEP_MS);
  if (leaseProblem) throw new Error(`bad environment: ${leaseProblem}`);
  if ((parsed.data.VAPID_PUBLIC_KEY === undefined) !== (parsed.data.VAPID_PRIVATE_KEY === undefined)) {
    throw new Error("bad environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together (or neither: the server makes a pair and keeps it in the database)");
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

/** The VAPID settings as createApp takes them: the configured pair, if any, and the subject. */
export function vapidConfigOf(config: Pick<Config, "VAPID_PUBLIC_KEY" | "VAPID_PRIVATE_KEY" | "VAPID_SUBJECT" | "PUSH_ALLOW_LOCAL_ENDPOINTS">): {
  keys: { publicKey: string; privateKey: string } | null;
  subject: string;
  allowLocalEndpoints: boolean;
} {
  const keys = config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY } : null;
  return { keys, subject: config.VAPID_SUBJECT, allowLocalEndpoints: config.PUSH_ALLOW_LOCAL_ENDPOINTS === "true" };
}
