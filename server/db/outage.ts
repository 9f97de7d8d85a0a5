import type { FastifyBaseLogger } from "fastify";
import { TableeError } from "../../shared/protocol";
import { loggableError } from "./loggable";

/** Error codes that mean "the database cannot be reached or did not answer", not "the query is wrong". */
const UNREACHABLE_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN",
  "57P01", "57P02", "57P03", // admin/crash shutdown, cannot connect now
  "57014", // query cancelled (our statement_timeout)
  "08000", "08001", "08003", "08004", "08006", // connection exceptions
  "53300", // too many connections
  "P1001", "P1002", "P1008", "P1017", "P2024", // Prisma: unreachable, timed out, closed, pool timeout
  "TABLEE_DEADLINE", // the request's own deadline passed first (deadline.ts)
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
 * Logs a database outage as a few lines instead of one per failed call: the first failure, a summary
 * every `intervalMs` while it lasts (how many calls failed since the last line: requests refused and
 * background work put off), and the recovery (the first call that succeeds). Lines carry the error's
 * class, codes and stack frames (`loggableError`), never its message: a driver's message may quote
 * the rows it was sent (rooms, nicknames).
 */
export class OutageLog {
  private since: number | null = null; // when the current outage began
  private failures = 0; // calls that failed since the last line
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

  /** A call failed because the database is unreachable or hung (isDatabaseUnavailable). */
  failed(error: unknown): void {
    const now = this.now();
    this.failures++;
    if (this.since === null) {
      this.since = now;
      this.lastLine = now;
      this.failures = 0;
      this.log.error({ error: loggableError(error) }, "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)");
      return;
    }
    if (now - this.lastLine >= this.intervalMs) {
      this.log.error({ failures: this.failures, outageMs: now - this.since, error: loggableError(error) }, "database still unavailable");
      this.lastLine = now;
      this.failures = 0;
    }
  }

  /** The time to hand `succeeded` for a call that starts now. */
  startedAt(): number {
    return this.now();
  }

  /**
   * A call succeeded. One that began before the outage was first seen (`startedAt`, at or before its
   * first failure) says nothing of the database now: its answer may have come just before the cut, and
   * ending the outage on it logged "answers again" then "unavailable" once more, a second outage that
   * never was. Without `startedAt`, the call began now.
   */
  succeeded(startedAt: number = this.now()): void {
    if (this.since === null || startedAt <= this.since) return;
    this.log.warn({ failures: this.failures, outageMs: this.now() - this.since }, "database answers again");
    this.since = null;
    this.failures = 0;
  }

  /**
   * Background work failed (a lease sweep, a computer move, a countdown, a look for slow turns), and
   * will be tried again. The database being away is this log's to summarise: the room service's
   * `UNAVAILABLE` and `IN_DOUBT` were counted (or logged) where they were raised, a driver's unreachable error is counted
   * here. Anything else gets its own warning, `message` with `fields` and the loggable error. Returns
   * whether the failure was the database's.
   */
  failedInBackground(error: unknown, fields: Readonly<Record<string, unknown>>, message: string): boolean {
    if (error instanceof TableeError && (error.code === "UNAVAILABLE" || error.code === "IN_DOUBT")) return true;
    if (isDatabaseUnavailable(error)) {
      this.failed(error);
      return true;
    }
    this.log.warn({ ...fields, error: loggableError(error) }, message);
    return false;
  }
}
