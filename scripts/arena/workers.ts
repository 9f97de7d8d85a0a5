import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/** The game indices 0..games-1 dealt round-robin to `workers` slices, so each gets a similar mix. */
export function interleavedSlices(games: number, workers: number): number[][] {
  const count = Math.max(1, Math.min(workers, games));
  return Array.from({ length: count }, (_, w) => Array.from({ length: games }, (_, i) => i).filter((i) => i % count === w));
}

/**
 * Runs one job per worker thread, each a fresh copy of the script at `scriptUrl` started with the
 * job as its workerData (see `mainOrWorker`), and collects what each posts back, in job order.
 */
export function runInWorkers<TJob, TResult>(scriptUrl: string, jobs: readonly TJob[]): Promise<TResult[]> {
  return Promise.all(
    jobs.map(
      (job) =>
        new Promise<TResult>((resolve, reject) => {
          const worker = new Worker(workerBoot(scriptUrl), { eval: true, workerData: job });
          worker.once("message", (result: TResult) => resolve(result));
          worker.once("error", reject);
          worker.once("exit", (code) => {
            if (code !== 0) reject(new Error(`worker stopped with code ${code}`));
          });
        }),
    ),
  );
}

/** A script's entry: `main` on the main thread; in a worker, `work` on the job and its result posted back. */
export function mainOrWorker<TJob>(main: () => Promise<void>, work: (job: TJob) => unknown): void {
  if (isMainThread) {
    main().catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    });
  } else {
    parentPort?.postMessage(work(workerData as TJob));
  }
}

/**
 * The worker's boot code. A worker does not inherit tsx's module hooks on Node 20 ("Unknown file
 * extension .ts"), so it registers tsx itself before importing the script.
 */
export function workerBoot(scriptUrl: string): string {
  const tsx = JSON.stringify(import.meta.resolve("tsx/esm/api"));
  return `import(${tsx}).then(({ register }) => { register(); return import(${JSON.stringify(scriptUrl)}); });`;
}
