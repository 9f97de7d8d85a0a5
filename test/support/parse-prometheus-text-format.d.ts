/** The parser's output, shaped like prom2json's: values are strings ("NaN", "+Inf" included). */
declare module "parse-prometheus-text-format" {
  export interface ParsedSample {
    readonly labels?: Readonly<Record<string, string>>;
    readonly value?: string; // counters, gauges, untyped
    readonly buckets?: Readonly<Record<string, string>>; // histograms: upper bound → cumulative count
    readonly quantiles?: Readonly<Record<string, string>>; // summaries
    readonly count?: string;
    readonly sum?: string;
  }
  export interface ParsedFamily {
    readonly name: string;
    readonly help: string;
    readonly type: "COUNTER" | "GAUGE" | "HISTOGRAM" | "SUMMARY" | "UNTYPED";
    readonly metrics: readonly ParsedSample[];
  }
  export default function parsePrometheusTextFormat(text: string): ParsedFamily[];
}
