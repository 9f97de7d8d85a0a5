/**
 * What the rest of the server reports to the metrics, as plain calls. `noMetrics` (the default
 * everywhere) does nothing, so code and tests that do not care about metrics never see them.
 */
export interface Metrics {
  /**
   * A player's move through the room service, just started: timed from now until it is committed
   * and this process's sockets were sent their snapshots, and counted as accepted or refused (by
   * error code). `gameOf` names the room's game once it is settled. Returns `move` as it settles.
   */
  observeMove<T>(gameOf: () => string | undefined, move: Promise<T>): Promise<T>;
  /** One room change being written to the database (a batched write or a finishing transaction), timed from now. */
  observeCommit<T>(commit: Promise<T>): Promise<T>;
  /** A group-commit statement went out with `size` room writes. */
  commitBatch(size: number): void;
  /** A computer seat decided (or failed to) in `seconds`. `level` is the bot's id (easy, medium, hard…). */
  decision(game: string, level: string, seconds: number, ok: boolean): void;
  /** A game countdown ran out and was played (a turn clock, a peek window). */
  countdownFired(game: string): void;
  /** A client was refused for going too fast, or cut off for flooding. */
  rateLimited(scope: RateLimitScope, verdict: RateLimitVerdict): void;
}

export const RATE_LIMIT_SCOPES = ["http", "socket", "connection"] as const; // connection: a socket's handshake (sockets per address)
export type RateLimitScope = (typeof RATE_LIMIT_SCOPES)[number];
export const RATE_LIMIT_VERDICTS = ["refused", "abusive"] as const; // abusive: the socket was disconnected
export type RateLimitVerdict = (typeof RATE_LIMIT_VERDICTS)[number];

/** Metrics off: every call is a pass-through. */
export const noMetrics: Metrics = {
  observeMove: (_gameOf, move) => move,
  observeCommit: (commit) => commit,
  commitBatch: () => undefined,
  decision: () => undefined,
  countdownFired: () => undefined,
  rateLimited: () => undefined,
};
