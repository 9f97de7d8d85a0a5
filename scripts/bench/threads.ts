import { Worker } from "node:worker_threads";
import { workerBoot } from "../arena/workers";
import { epochNow, percentile, recordSlowMoves, type EpochMs, type LoadDriver, type OfferedPart } from "./driver";

/** What the main thread asks of a driver thread (driverThread.ts): a LoadDriver method and its arguments. */
export type DriverCall =
  | { readonly op: "addRooms"; readonly args: Parameters<LoadDriver["addRooms"]> }
  | { readonly op: "warm"; readonly args: Parameters<LoadDriver["warm"]> }
  | { readonly op: "steady"; readonly args: Parameters<LoadDriver["steady"]> }
  | { readonly op: "peak"; readonly args: Parameters<LoadDriver["peak"]> }
  | { readonly op: "offered"; readonly args: Parameters<LoadDriver["offered"]> }
  | { readonly op: "receivedBytes"; readonly args: [] }
  | { readonly op: "close"; readonly args: [] };
export type DriverRequest = DriverCall & { readonly id: number };
export type DriverReply = { readonly id: number; readonly value?: unknown; readonly error?: string };

/**
 * A phase starts this long after it is asked for, in every thread at once: time for the request to
 * reach each thread's event loop, busy with its sockets.
 */
const LEAD_MS = 50;

/** One driver thread, its calls answered in order of their ids. */
class DriverThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  private next = 0;

  constructor(urls: readonly string[]) {
    this.worker = new Worker(workerBoot(new URL("./driverThread.ts", import.meta.url).href), { eval: true, workerData: { urls } });
    this.worker.on("message", ({ id, value, error }: DriverReply) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (error === undefined) call?.resolve(value);
      else call?.reject(new Error(error));
    });
    this.worker.on("error", (error) => this.failAll(error));
    this.worker.on("exit", (code) => this.failAll(new Error(`driver thread stopped with code ${code}`)));
  }

  call<T>(request: DriverCall): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  async stop(): Promise<void> {
    await this.call({ op: "close", args: [] });
    await this.worker.terminate();
  }

  private failAll(error: Error): void {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

/**
 * bench:load's simulated players, dealt round-robin over `threads` worker threads, each a LoadDriver
 * with a heap of its own. With every player in one thread, that thread's full collections (a heap of
 * ~180 MB: 8,000 socket.io clients) stalled every room's moves for 200-300 ms at once, and one such
 * stall in an open-loop phase was that phase's p99, Tablée's or the floor's alike (docs/perf.md).
 * Split, a thread's collection is shorter and holds up only its share of the rooms. The phases run
 * on one schedule: each room keeps its place among all of them, and every thread starts at the same
 * epoch time.
 */
export class LoadGenerator {
  private readonly threads: DriverThread[];
  private roomCount = 0;

  constructor(urls: readonly string[], threads: number) {
    this.threads = Array.from({ length: Math.max(1, threads) }, () => new DriverThread(urls));
  }

  get rooms(): number {
    return this.roomCount;
  }

  get players(): number {
    return this.roomCount * 4;
  }

  /** `count` more rooms set up, dealt round-robin: room n goes to thread n mod threads. */
  async addRooms(count: number): Promise<void> {
    const orders = this.threads.map(() => [] as number[]);
    for (let n = this.roomCount; n < this.roomCount + count; n++) orders[n % this.threads.length]!.push(n);
    await Promise.all(this.threads.map((thread, t) => thread.call({ op: "addRooms", args: [orders[t]!] })));
    this.roomCount += count;
  }

  /** `rounds` moves of every room (code compiled, heaps grown). */
  async warm(rounds: number): Promise<void> {
    await this.all({ op: "warm", args: [rounds] });
  }

  /** Each room moves every `intervalMs`, staggered, for `seconds`: the round trips (ms), sorted. */
  async steady(seconds: number, intervalMs: number): Promise<number[]> {
    const parts = await this.all<number[]>({ op: "steady", args: [seconds, intervalMs, this.begin(), this.roomCount] });
    return parts.flat().sort((a, b) => a - b);
  }

  /** Closed loop: every room moves again as soon as its last move reached all four seats. Moves done and the phase's length (s). */
  async peak(seconds: number): Promise<{ readonly moves: number; readonly elapsed: number }> {
    const begin = this.begin();
    const moves = await this.all<number>({ op: "peak", args: [seconds, begin] });
    return { moves: moves.reduce((sum, each) => sum + each, 0), elapsed: (epochNow() - begin) / 1000 };
  }

  /** Open loop at `ratePerSecond` moves offered in all (LoadDriver.offered): delivered moves/s and the latency's percentiles. */
  async offered(ratePerSecond: number, seconds: number): Promise<{ offered: number; delivered: number; p50Ms: number; p99Ms: number; maxMs: number }> {
    const begin = this.begin();
    const parts = await this.all<OfferedPart>({ op: "offered", args: [ratePerSecond, seconds, begin, this.roomCount] });
    const elapsed = (epochNow() - begin) / 1000;
    const rtts = parts.flatMap((part) => part.rtts).sort((a, b) => a - b);
    if (process.env.BENCH_SLOW_MOVES) recordSlowMoves(process.env.BENCH_SLOW_MOVES, ratePerSecond, begin, parts.flatMap((part) => part.slow).sort((a, b) => a.due - b.due));
    const round = (n: number) => Number(n.toFixed(1));
    return {
      offered: ratePerSecond,
      delivered: round(rtts.length / elapsed),
      p50Ms: round(percentile(rtts, 0.5)),
      p99Ms: round(percentile(rtts, 0.99)),
      maxMs: round(rtts.at(-1) ?? 0),
    };
  }

  /** Bytes of socket.io messages the players' sockets received so far, in all threads. */
  async receivedBytes(): Promise<number> {
    return (await this.all<number>({ op: "receivedBytes", args: [] })).reduce((sum, each) => sum + each, 0);
  }

  async close(): Promise<void> {
    await Promise.all(this.threads.map((thread) => thread.stop()));
  }

  private begin(): EpochMs {
    return epochNow() + LEAD_MS;
  }

  private all<T>(request: DriverCall): Promise<T[]> {
    return Promise.all(this.threads.map((thread) => thread.call<T>(request)));
  }
}
