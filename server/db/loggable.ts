/**
 * What a log line may say about a failed database call. A driver's error quotes what it was sent:
 * Postgres puts a fragment of the refused JSON in `where` (a room's seats, so nicknames), Prisma its
 * own rendering of the call in `message`. Logs are kept and shipped elsewhere, so a line carries the
 * error's class, its codes and where in our code it failed, never its message, detail or parameters.
 */
export interface LoggableError {
  readonly type: string; // the error's class: DatabaseError, PrismaClientKnownRequestError…
  readonly codes: readonly string[]; // SQLSTATE or Prisma codes along the `cause` chain, outermost first
  readonly frames: readonly string[]; // the stack's "at …" lines: our code and the driver's, no text
}

/** `error` reduced to what a log line may carry (see LoggableError). */
export function loggableError(error: unknown): LoggableError {
  const codes: string[] = [];
  const seen = new Set<unknown>();
  for (let current = error; current && typeof current === "object" && !seen.has(current); ) {
    seen.add(current);
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string" && /^[A-Z0-9_]{1,16}$/u.test(code)) codes.push(code);
    current = cause;
  }
  const stack = error instanceof Error ? (error.stack ?? "") : "";
  return {
    type: error instanceof Error ? error.constructor.name : typeof error,
    codes,
    // Only frame lines: the stack's first lines repeat the message.
    frames: stack
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line.startsWith("at "))
      .slice(0, 12),
  };
}
