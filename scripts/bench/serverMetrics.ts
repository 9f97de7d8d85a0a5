import { bucketQuantile, bucketsSince, histogramBuckets, histogramTotals, scrapeMetrics, type ParsedFamily } from "../../test/support/metrics";

/** What happened inside the Tablée server processes during a phase, from their own /metrics (the figures production watches). */
export interface ServerSideFigures {
  readonly moveP50Ms: number; // a player's move inside the server: taken, committed, sent to the sockets
  readonly moveP99Ms: number;
  readonly commitP50Ms: number;
  readonly commitP99Ms: number;
  readonly meanBatch: number; // room writes per group-commit statement
  readonly eventLoopLagP99Ms: number; // the worst process, since the previous scrape
}

/** Every process's /metrics (the servers must run with METRICS=on), concatenated: sums and histograms cover all of them. */
export async function scrapeServers(urls: readonly string[]): Promise<ParsedFamily[]> {
  return (await Promise.all(urls.map((url) => scrapeMetrics(url)))).flat();
}

const ms = (seconds: number) => Number((seconds * 1000).toFixed(2));

/**
 * The figures between two scrapes (histogram percentiles interpolated inside their buckets, as
 * PromQL's histogram_quantile does). Take no other scrape between them: each scrape restarts the
 * event-loop lag percentiles.
 */
export function serverSideFigures(before: readonly ParsedFamily[], after: readonly ParsedFamily[]): ServerSideFigures {
  const since = (name: string) => bucketsSince(histogramBuckets(after, name), histogramBuckets(before, name));
  const move = since("tablee_move_duration_seconds");
  const commit = since("tablee_commit_duration_seconds");
  const [batchesBefore, batchesAfter] = [before, after].map((metrics) => histogramTotals(metrics, "tablee_commit_batch_size"));
  const statements = (batchesAfter?.count ?? 0) - (batchesBefore?.count ?? 0);
  const lag = after.filter((family) => family.name === "nodejs_eventloop_lag_p99_seconds").flatMap((family) => family.metrics.map((sample) => Number(sample.value ?? 0)));
  return {
    moveP50Ms: ms(bucketQuantile(move, 0.5)),
    moveP99Ms: ms(bucketQuantile(move, 0.99)),
    commitP50Ms: ms(bucketQuantile(commit, 0.5)),
    commitP99Ms: ms(bucketQuantile(commit, 0.99)),
    meanBatch: Number((((batchesAfter?.sum ?? 0) - (batchesBefore?.sum ?? 0)) / Math.max(1, statements)).toFixed(1)),
    eventLoopLagP99Ms: ms(Math.max(0, ...lag)),
  };
}
