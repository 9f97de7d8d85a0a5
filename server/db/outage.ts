import type { FastifyBaseLogger } from "fastify";

/** Error codes that mean "the database cannot be reached or did not answer", not "the query is wrong". */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN",
  "57P01", "57P02", "57P03", // admin/crash shutdown, cannot connect now
  "57014", // query cancelled (our statement_timeout)
  "08000", "08001", "08003", "08004", "08006", // connection exceptions
  "53300", // too many connections
  "P1001", "P1002", "P1008", "P1017", "P2024", // Prisma: unreachable, timed out, closed, pool timeout
]);

/** Messages of node-postgres and Prisma's driver adapter for the same situations. */
const UNREACHABLE_MESSAGES = [
  /connection terminated/iu,
  /timeout exceeded when trying to connect/iu,
  /query read timeout/iu,
  /connection (?:error|refused|closed|timeout)/iu,
  /can't reach database/iu,
  /DatabaseNotReachable|ConnectionClosed|SocketTimeout|TooManyConnections/u,
  /client has encountered a connection error/iu,
  /cannot use a pool after calling end/iu,
];

/**
 * True when `error` (or anything in its `cause` chain) says the database is unreachable or hung, as
 * opposed to a bug in a query: the caller answers 503 `UNAVAILABLE` instead of 500 `INTERNAL`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const { code, kind, message, originalCode, cause } = current as { code?: unknown; kind?: unknown; message?: unknown; originalCode?: unknown; cause?: unknown };
    if (typeof code === "string" && UNREACHABLE_CODES.has(code)) return true;
    if (typeof originalCode === "string" && UNREACHABLE_CODES.has(originalCode)) return true;
    if (typeof kind === "string" && UNREACHABLE_MESSAGES.some((re) => re.test(kind))) return true;
    if (typeof message === "string" && UNREACHABLE_MESSAGES.some((re) => re.test(message))) return true;
    current = cause;
  }
  return false;
}

/**
 * Logs a database outage as a few lines instead of one per refused request: the first failure, a
 * summary every `intervalMs` while it lasts (how many requests were refused), and the recovery.
 */
export class OutageLog {
  private since: number | null = null; // when the current outage began
  private refused = 0; // requests refused since the last line
  private lastLine = 0;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly now: () => number = Date.now,
    private readonly intervalMs = 10_000,
  ) {}

  /** Whether the database is failing right now, as far as this process has seen. */
  get down(): boolean {
    return this.since !== null;
  }

  failed(error: unknown): void {
    const now = this.now();
    this.refused++;
    if (this.since === null) {
      this.since = now;
      this.lastLine = now;
      this.refused = 0;
      this.log.error({ err: error }, "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)");
      return;
    }
    if (now - this.lastLine >= this.intervalMs) {
      this.log.error({ refused: this.refused, outageMs: now - this.since, err: error }, "database still unavailable");
      this.lastLine = now;
      this.refused = 0;
    }
  }

  succeeded(): void {
    if (this.since === null) return;
    this.log.warn({ refused: this.refused, outageMs: this.now() - this.since }, "database answers again");
    this.since = null;
    this.refused = 0;
  }
}
