import { performance } from "node:perf_hooks";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { ErasedGame } from "../../shared/engine/erase";
import { TableeError } from "../../shared/protocol";
import { LabelValues } from "./labels";
import type { Metrics, RateLimitScope, RateLimitVerdict } from "./metrics";

type OpenRooms = readonly { readonly game: string; readonly status: string; readonly count: number }[];

/** What the metrics read when scraped (these are states, not events). */
export interface ScrapeSources {
  /** Socket.io connections to this process. */
  sockets(): number;
  /** Computer decisions waiting for a bot thread. */
  botQueue(): number;
  /** Rooms not finished, by game and status (one query); throws when the database does not answer. */
  openRooms(): Promise<OpenRooms>;
  /** Whether Redis answers (several processes only; absent when this process is alone). */
  redis?: () => Promise<boolean>;
}

/** How long a scrape waits for the database or Redis before calling it unavailable. */
const PROBE_TIMEOUT_MS = 2_000;

const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const DECISION_BUCKETS = [0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100, 200, 500];

/** Every metric name this server exports besides prom-client's default process metrics. */
export const TABLEE_METRICS = [
  "tablee_sockets_connected",
  "tablee_rooms_open",
  "tablee_moves_accepted_total",
  "tablee_moves_refused_total",
  "tablee_move_duration_seconds",
  "tablee_commit_duration_seconds",
  "tablee_commit_batch_size",
  "tablee_bot_decisions_total",
  "tablee_bot_decision_duration_seconds",
  "tablee_bot_queue_length",
  "tablee_countdowns_fired_total",
  "tablee_database_up",
  "tablee_redis_up",
  "tablee_rate_limited_total",
] as const;

/** Resolves with `work`'s answer, or false after `ms` (a probe that hangs is a failed probe). */
async function probe(work: () => Promise<boolean>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([work().catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The server's metrics in a prom-client registry of their own (not the library's global one, so
 * several servers in one test process do not mix), with the default Node process metrics
 * (CPU, memory, event-loop lag, GC). Every label value goes through `LabelValues`.
 */
export class PrometheusMetrics implements Metrics {
  readonly registry = new Registry();
  private readonly labels: LabelValues;
  private sources: ScrapeSources | null = null;

  private readonly movesAccepted: Counter<"game">;
  private readonly movesRefused: Counter<"game" | "code">;
  private readonly moveSeconds: Histogram<"game">;
  private readonly commitSeconds: Histogram;
  private readonly batchSize: Histogram;
  private readonly decisions: Counter<"game" | "level" | "outcome">;
  private readonly decisionSeconds: Histogram<"game" | "level">;
  private readonly countdowns: Counter<"game">;
  private readonly limited: Counter<"scope" | "verdict">;

  constructor(games: readonly ErasedGame[]) {
    this.labels = new LabelValues(games);
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry });
    this.movesAccepted = new Counter({ name: "tablee_moves_accepted_total", help: "Players' moves the room service answered ok, by game", labelNames: ["game"], registers });
    this.movesRefused = new Counter({ name: "tablee_moves_refused_total", help: "Players' moves refused by the room service, by game and error code", labelNames: ["game", "code"], registers });
    this.moveSeconds = new Histogram({
      name: "tablee_move_duration_seconds",
      help: "A player's move inside the server: from the room service taking it to committed and sent to this process's sockets",
      labelNames: ["game"],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.commitSeconds = new Histogram({ name: "tablee_commit_duration_seconds", help: "Writing one room change to the database (waiting for its batch included)", buckets: LATENCY_BUCKETS, registers });
    this.batchSize = new Histogram({ name: "tablee_commit_batch_size", help: "Room writes per group-commit statement", buckets: BATCH_BUCKETS, registers });
    this.decisions = new Counter({ name: "tablee_bot_decisions_total", help: "Computer decisions, by game, level (bot id) and outcome (ok, failed)", labelNames: ["game", "level", "outcome"], registers });
    this.decisionSeconds = new Histogram({ name: "tablee_bot_decision_duration_seconds", help: "Time a computer decision took (waiting for a bot thread included)", labelNames: ["game", "level"], buckets: DECISION_BUCKETS, registers });
    this.countdowns = new Counter({ name: "tablee_countdowns_fired_total", help: "Game countdowns that ran out and were played, by game", labelNames: ["game"], registers });
    this.limited = new Counter({ name: "tablee_rate_limited_total", help: "Requests refused for going too fast (refused) and sockets cut off for flooding (abusive)", labelNames: ["scope", "verdict"], registers });

    const sources = () => this.sources;
    const labels = this.labels;
    new Gauge({
      name: "tablee_sockets_connected",
      help: "Socket.io connections to this process",
      registers,
      collect() {
        this.set(sources()?.sockets() ?? 0);
      },
    });
    new Gauge({
      name: "tablee_bot_queue_length",
      help: "Computer decisions waiting for a bot thread in this process",
      registers,
      collect() {
        this.set(sources()?.botQueue() ?? 0);
      },
    });
    // One query per scrape feeds both gauges: prom-client starts their collects together, so the
    // second finds the first's query in flight and shares it.
    let inFlight: Promise<OpenRooms | null> | null = null;
    const openRooms = (): Promise<OpenRooms | null> => {
      const source = sources();
      if (!source) return Promise.resolve([]);
      if (inFlight) return inFlight;
      let rows: OpenRooms | null = null;
      const result = probe(async () => {
        rows = await source.openRooms();
        return true;
      }, PROBE_TIMEOUT_MS).then((up) => (up ? rows : null));
      inFlight = result;
      void result.finally(() => {
        if (inFlight === result) inFlight = null;
      });
      return result;
    };
    new Gauge({
      name: "tablee_database_up",
      help: "1 when the database answered this scrape's query within 2 s, else 0",
      registers,
      async collect() {
        this.set((await openRooms()) === null ? 0 : 1);
      },
    });
    new Gauge({
      name: "tablee_rooms_open",
      help: "Rooms not finished in the database, by game and status (the same in every process: take the max)",
      labelNames: ["game", "status"],
      registers,
      async collect() {
        this.reset();
        for (const row of (await openRooms()) ?? []) this.inc({ game: labels.game(row.game), status: labels.status(row.status) }, row.count);
      },
    });
  }

  /**
   * Where scrapes read the current state from (the socket server exists only after the routes). The
   * Redis gauge exists only with Redis: alone, a process has no Redis to be down.
   */
  watch(sources: ScrapeSources): void {
    const first = this.sources === null;
    this.sources = sources;
    const redis = sources.redis;
    if (!first || !redis) return;
    new Gauge({
      name: "tablee_redis_up",
      help: "1 when Redis answered a PING within 2 s, else 0 (only with several processes)",
      registers: [this.registry],
      async collect() {
        this.set((await probe(redis, PROBE_TIMEOUT_MS)) ? 1 : 0);
      },
    });
  }

  /** The metrics in the Prometheus text format. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }

  /** Each game's accepted-move metrics, labelled once: prom-client otherwise hashes the labels at every call. */
  private readonly acceptedOf = new Map<string, { readonly seconds: ReturnType<Histogram<"game">["labels"]>; readonly count: ReturnType<Counter<"game">["labels"]> }>();

  observeMove<T>(gameOf: () => string | undefined, move: Promise<T>): Promise<T> {
    const start = performance.now();
    return move.then(
      (result) => {
        const game = this.labels.game(gameOf());
        let accepted = this.acceptedOf.get(game);
        if (accepted === undefined) this.acceptedOf.set(game, (accepted = { seconds: this.moveSeconds.labels({ game }), count: this.movesAccepted.labels({ game }) }));
        accepted.seconds.observe((performance.now() - start) / 1000);
        accepted.count.inc();
        return result;
      },
      (error: unknown) => {
        const code = error instanceof TableeError ? error.code : "INTERNAL";
        this.movesRefused.inc({ game: this.labels.game(gameOf()), code: this.labels.code(code) });
        return Promise.reject(error);
      },
    );
  }

  observeCommit<T>(commit: Promise<T>): Promise<T> {
    const start = performance.now();
    return commit.then(
      (result) => {
        this.commitSeconds.observe((performance.now() - start) / 1000);
        return result;
      },
      (error: unknown) => {
        this.commitSeconds.observe((performance.now() - start) / 1000);
        return Promise.reject(error);
      },
    );
  }

  commitBatch(size: number): void {
    this.batchSize.observe(size);
  }

  decision(game: string, level: string, seconds: number, ok: boolean): void {
    const labels = { game: this.labels.game(game), level: this.labels.level(level) };
    this.decisions.inc({ ...labels, outcome: ok ? "ok" : "failed" });
    this.decisionSeconds.observe(labels, seconds);
  }

  countdownFired(game: string): void {
    this.countdowns.inc({ game: this.labels.game(game) });
  }

  rateLimited(scope: RateLimitScope, verdict: RateLimitVerdict): void {
    this.limited.inc({ scope, verdict });
  }
}
