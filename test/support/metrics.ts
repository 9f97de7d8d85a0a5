import parsePrometheusTextFormat, { type ParsedFamily, type ParsedSample } from "parse-prometheus-text-format";

export type { ParsedFamily, ParsedSample };

/** GET /metrics of one server process, parsed (throws unless it answers 200). */
export async function scrapeMetrics(url: string, token?: string): Promise<ParsedFamily[]> {
  const response = await fetch(`${url}/metrics`, token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } });
  if (response.status !== 200) throw new Error(`/metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/**
 * The text format parsed by parse-prometheus-text-format. That parser folds every sample of a
 * histogram into one and drops their labels (`{game="qwirkle"}`…), so histograms are read again from
 * the same text with their TYPE lines left out, where `_bucket`, `_sum` and `_count` come out as
 * plain labelled series, and put back together per label set.
 */
export function parseMetrics(text: string): ParsedFamily[] {
  const families = parsePrometheusTextFormat(text);
  const histograms = new Set(families.filter((family) => family.type === "HISTOGRAM").map((family) => family.name));
  if (histograms.size === 0) return families;
  const untyped = parsePrometheusTextFormat(text.split("\n").filter((line) => !/^# TYPE \S+ histogram$/u.test(line)).join("\n"));
  const series = (name: string) => untyped.find((family) => family.name === name)?.metrics ?? [];
  return families.map((family) => {
    if (!histograms.has(family.name)) return family;
    const byLabels = new Map<string, { labels: Record<string, string>; buckets: Record<string, string>; count?: string; sum?: string }>();
    const entry = (labels: Readonly<Record<string, string>> = {}) => {
      const { le: _le, ...rest } = labels;
      const key = JSON.stringify(Object.entries(rest).sort());
      let found = byLabels.get(key);
      if (!found) byLabels.set(key, (found = { labels: rest, buckets: {} }));
      return found;
    };
    for (const sample of series(`${family.name}_bucket`)) {
      const le = sample.labels?.le;
      if (le !== undefined && sample.value !== undefined) entry(sample.labels).buckets[le] = sample.value;
    }
    for (const sample of series(`${family.name}_count`)) entry(sample.labels).count = sample.value;
    for (const sample of series(`${family.name}_sum`)) entry(sample.labels).sum = sample.value;
    return { ...family, metrics: [...byLabels.values()] };
  });
}

const matches = (sample: ParsedSample, labels: Readonly<Record<string, string>>): boolean =>
  Object.entries(labels).every(([name, value]) => sample.labels?.[name] === value);

/** The samples of `name` whose labels include `labels` (families of several processes may be concatenated). */
export function samplesOf(families: readonly ParsedFamily[], name: string, labels: Readonly<Record<string, string>> = {}): ParsedSample[] {
  return families.filter((family) => family.name === name).flatMap((family) => family.metrics.filter((sample) => matches(sample, labels)));
}

/** Sum of a counter's or gauge's samples matching `labels` (a histogram's observation count); 0 when none. */
export function metricValue(families: readonly ParsedFamily[], name: string, labels: Readonly<Record<string, string>> = {}): number {
  return samplesOf(families, name, labels).reduce((total, sample) => total + Number(sample.value ?? sample.count ?? 0), 0);
}

/** A histogram's observation count and sum (its samples matching `labels` added up). */
export function histogramTotals(families: readonly ParsedFamily[], name: string, labels: Readonly<Record<string, string>> = {}): { count: number; sum: number } {
  const samples = samplesOf(families, name, labels);
  return { count: samples.reduce((t, s) => t + Number(s.count ?? 0), 0), sum: samples.reduce((t, s) => t + Number(s.sum ?? 0), 0) };
}

/** A histogram's cumulative bucket counts (its samples matching `labels` merged), by upper bound. */
export type Buckets = readonly (readonly [bound: number, cumulative: number])[];

export function histogramBuckets(families: readonly ParsedFamily[], name: string, labels: Readonly<Record<string, string>> = {}): Buckets {
  const merged = new Map<number, number>();
  for (const sample of samplesOf(families, name, labels)) {
    for (const [le, count] of Object.entries(sample.buckets ?? {})) {
      const bound = le === "+Inf" ? Infinity : Number(le);
      merged.set(bound, (merged.get(bound) ?? 0) + Number(count));
    }
  }
  return [...merged].sort((a, b) => a[0] - b[0]);
}

/** What was observed between two readings of the same histogram. */
export function bucketsSince(after: Buckets, before: Buckets): Buckets {
  const earlier = new Map(before);
  return after.map(([bound, cumulative]) => [bound, cumulative - (earlier.get(bound) ?? 0)] as const);
}

/**
 * The `q` quantile of bucket counts, interpolated inside the bucket like PromQL's
 * histogram_quantile; NaN without observations.
 */
export function bucketQuantile(buckets: Buckets, q: number): number {
  const total = buckets.at(-1)?.[1] ?? 0;
  if (total === 0) return NaN;
  const rank = q * total;
  let lower = 0;
  let below = 0;
  for (const [bound, cumulative] of buckets) {
    if (cumulative >= rank) {
      if (bound === Infinity) return lower; // beyond the last finite bucket: its bound, as PromQL does
      return lower + ((bound - lower) * (rank - below)) / Math.max(1, cumulative - below);
    }
    lower = bound;
    below = cumulative;
  }
  return lower;
}

/** The `q` quantile of a histogram since its process started. */
export function histogramQuantile(families: readonly ParsedFamily[], name: string, q: number, labels: Readonly<Record<string, string>> = {}): number {
  return bucketQuantile(histogramBuckets(families, name, labels), q);
}
