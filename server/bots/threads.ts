import Tinypool from "tinypool";
import type { ErasedGame } from "../../shared/engine/erase";
import { GAMES } from "../../shared/games/registry";
import { TableeError } from "../../shared/protocol";
import { decideHere, type BotRequest } from "./request";

/** Decides computer moves; `close` ends whatever threads it runs. */
export interface BotDecider {
  decide(game: ErasedGame, request: BotRequest): Promise<unknown>;
  /** Decisions worker threads have completed so far (0 without threads). */
  readonly threadDecisions: number;
  /** Decisions waiting for a free thread (0 or absent without threads). */
  readonly queued?: number;
  close(): Promise<void>;
}

/** Decisions on the server's own thread (tests, or BOT_THREADS=0). */
export const inlineDecider: BotDecider = {
  decide: (game, request) => Promise.resolve().then(() => decideHere(game, request)),
  threadDecisions: 0,
  close: () => Promise.resolve(),
};

/**
 * How long an idle bot thread lives before it is stopped; the next decision starts one again, which
 * takes about half a second (tsx compiles the engines afresh in each thread).
 */
const IDLE_MS = 15 * 60_000;

/** A decision still running after this long is abandoned (its thread is stopped): a bot bug, not thinking. */
export const DECISION_TIMEOUT_MS = 30_000;

/**
 * Decisions in a pool of worker threads, so a bot that thinks for half a second (WHIS `hard`) does
 * not hold up every other room's moves on the server's event loop. Threads start with the first
 * decision, or one at once and for good when `warm` (a process in a cluster: starting a thread takes
 * about 2 s on our 2-core machine, which a computer turn taken over from a dead process would wait on
 * top of the take-over; a warm thread costs about 50 MB). A game the registry does not hold (tests add
 * their own) cannot be found by a thread, so its bots decide here.
 */
export class ThreadDecider implements BotDecider {
  private readonly pool: Tinypool;
  private closed = false;

  /** `onError`: a thread failed outside any decision (it could not start…); the pool replaces it. */
  constructor(
    threads: number,
    onError: (error: unknown) => void,
    private readonly timeoutMs = DECISION_TIMEOUT_MS,
    warm = false,
  ) {
    this.pool = new Tinypool({
      filename: new URL("./decideWorker.boot.mjs", import.meta.url).href,
      minThreads: warm ? 1 : 0,
      maxThreads: threads,
      idleTimeout: IDLE_MS,
    });
    // Without a listener such an error would be thrown as an uncaught exception and stop the server.
    this.pool.on("error", onError);
  }

  /** Decisions the threads have completed so far. */
  get threadDecisions(): number {
    return this.pool.completed;
  }

  /** Decisions waiting for a free thread. */
  get queued(): number {
    return this.pool.queueSize;
  }

  decide(game: ErasedGame, request: BotRequest): Promise<unknown> {
    // After close() the pool would quietly start a new thread: refuse instead.
    if (this.closed) return Promise.reject(new TableeError("UNAVAILABLE", "the server is shutting down"));
    if (!GAMES.includes(game)) return inlineDecider.decide(game, request);
    return this.pool.run(request, { signal: AbortSignal.timeout(this.timeoutMs) });
  }

  close(): Promise<void> {
    this.closed = true;
    return this.pool.destroy();
  }
}

/** `threads` bot threads, or none (0): decisions on the server's thread. `warm`: keep one thread started (see ThreadDecider). */
export function botDecider(threads: number, onError: (error: unknown) => void, warm = false): BotDecider {
  return threads > 0 ? new ThreadDecider(threads, onError, DECISION_TIMEOUT_MS, warm) : inlineDecider;
}
