import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { GAMES } from "../../shared/games/registry";
import { PrometheusMetrics, TABLEE_METRICS } from "./prometheus";

/**
 * The monitoring files under deploy/ (Grafana dashboard and provisioning, Prometheus configuration
 * and alert rules) parse, and every query in them names metrics this server exports.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

/** Series names a server exports: each metric, and a histogram's _bucket, _sum and _count. */
async function exportedSeries(): Promise<Set<string>> {
  const metrics = new PrometheusMetrics(GAMES);
  metrics.watch({ sockets: () => 0, botQueue: () => 0, openRooms: async () => [], redis: async () => true });
  const names = new Set<string>();
  for (const metric of await metrics.registry.getMetricsAsJSON()) {
    names.add(metric.name);
    if (String(metric.type) === "histogram") for (const suffix of ["_bucket", "_sum", "_count"]) names.add(`${metric.name}${suffix}`);
  }
  return names;
}

const PROMQL_WORDS = new Set([
  "sum", "min", "max", "avg", "count", "rate", "irate", "increase", "histogram_quantile", "max_over_time", "min_over_time",
  "avg_over_time", "clamp_min", "clamp_max", "abs", "by", "without", "on", "ignoring", "group_left", "group_right",
  "and", "or", "unless", "bool", "offset", "topk", "bottomk", "absent", "vector", "scalar", "time",
]);

/** The series names a PromQL expression reads (label matchers, ranges, groupings and strings taken out). */
function seriesOf(expr: string): string[] {
  const bare = expr
    .replace(/"(?:[^"\\]|\\.)*"/gu, "") // strings
    .replace(/\{[^}]*\}/gu, "") // label matchers
    .replace(/\[[^\]]*\]/gu, "") // ranges ([5m], [$__rate_interval])
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/gu, ""); // groupings
  const words = bare.match(/[a-zA-Z_:][a-zA-Z0-9_:]*/gu) ?? [];
  return [...new Set(words.filter((word) => !PROMQL_WORDS.has(word) && !/^[0-9]/u.test(word) && word !== "e"))];
}

interface Panel {
  readonly title: string;
  readonly gridPos: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
  readonly description?: string;
  readonly datasource?: { readonly uid?: string };
  readonly targets?: readonly { readonly expr?: string }[];
  readonly type?: string;
  readonly options?: { readonly reduceOptions?: { readonly calcs?: readonly string[] } };
  readonly fieldConfig?: { readonly defaults?: { readonly mappings?: readonly { readonly type: string; readonly options: { readonly match?: string; readonly result?: { readonly text?: string } } }[] } };
}

describe("deploy/ monitoring files", () => {
  it("reads the series of a PromQL expression", () => {
    expect(seriesOf('histogram_quantile(0.99, sum by (le, game) (rate(tablee_move_duration_seconds_bucket{game!="x"}[$__rate_interval])))')).toEqual([
      "tablee_move_duration_seconds_bucket",
    ]);
    expect(seriesOf("sum(rate(a_total[5m])) / (sum by (instance) (b) + c) > 0.05")).toEqual(["a_total", "b", "c"]);
  });

  it("the Grafana dashboard is valid JSON whose every panel queries series the server exports", async () => {
    const exported = await exportedSeries();
    const dashboard = JSON.parse(read("deploy/grafana/dashboards/tablee.json")) as { uid: string; title: string; panels: Panel[] };
    expect(dashboard.uid).toBe("tablee");
    expect(dashboard.panels.length).toBeGreaterThanOrEqual(10);
    const used = new Set<string>();
    for (const panel of dashboard.panels) {
      expect(panel.description, panel.title).toBeTruthy();
      expect(panel.datasource?.uid, panel.title).toBe("prometheus");
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const target of panel.targets ?? []) {
        const series = seriesOf(target.expr ?? "");
        expect(series.length, `${panel.title}: ${target.expr}`).toBeGreaterThan(0);
        for (const name of series) {
          expect(exported.has(name), `${panel.title}: ${name} is not exported`).toBe(true);
          used.add(name.replace(/_(bucket|sum|count)$/u, ""));
        }
      }
    }
    // The panels tile Grafana's 24-column grid without overlapping.
    const cells = new Set<string>();
    for (const { title, gridPos: { x, y, w, h } } of dashboard.panels) {
      expect(x >= 0 && w > 0 && x + w <= 24 && h > 0, `${title} fits the grid`).toBe(true);
      for (let col = x; col < x + w; col++) {
        for (let row = y; row < y + h; row++) {
          expect(cells.has(`${col},${row}`), `${title} overlaps another panel`).toBe(false);
          cells.add(`${col},${row}`);
        }
      }
    }
    // Every Tablée metric is on the dashboard.
    for (const name of TABLEE_METRICS) expect(used.has(name), `${name} has no panel`).toBe(true);
    // A stat shows the last scrape, not the last value ever: with no replica scraped any more (all of
    // them down) "Database UP" would stay green at 3 a.m. The up/down stats say NO DATA then.
    for (const panel of dashboard.panels.filter((p) => p.type === "stat")) expect(panel.options?.reduceOptions?.calcs, panel.title).toEqual(["last"]);
    for (const title of ["Database", "Redis"]) {
      const mappings = dashboard.panels.find((p) => p.title === title)?.fieldConfig?.defaults?.mappings ?? [];
      expect(mappings.find((m) => m.type === "special" && m.options.match === "null")?.options.result?.text, title).toBe("NO DATA");
    }
  });

  it("the Grafana provisioning points at the dashboard folder and the Prometheus data source the panels name", () => {
    const datasources = parseYaml(read("deploy/grafana/provisioning/datasources/prometheus.yml")) as { datasources: { uid: string; type: string; url: string }[] };
    expect(datasources.datasources).toEqual([expect.objectContaining({ uid: "prometheus", type: "prometheus", url: "http://prometheus:9090" })]);
    const providers = parseYaml(read("deploy/grafana/provisioning/dashboards/tablee.yml")) as { providers: { options: { path: string } }[] };
    expect(providers.providers[0]?.options.path).toBe("/etc/grafana/dashboards");
  });

  it("the alert rules are valid YAML, read exported series, and cover the database, Redis, commit latency, event-loop lag and errors", async () => {
    const exported = await exportedSeries();
    exported.add("up"); // written by Prometheus itself for every scrape target
    const rules = parseYaml(read("deploy/prometheus/alerts.yml")) as {
      groups: { name: string; rules: { alert: string; expr: string; for: string; labels: { severity: string }; annotations: { summary: string; description: string } }[] }[];
    };
    const all = rules.groups.flatMap((group) => group.rules);
    for (const rule of all) {
      expect(rule.for, rule.alert).toMatch(/^\d+[smh]$/u);
      expect(["critical", "warning"]).toContain(rule.labels.severity);
      expect(rule.annotations.summary && rule.annotations.description, rule.alert).toBeTruthy();
      const series = seriesOf(rule.expr);
      expect(series.length, rule.alert).toBeGreaterThan(0);
      for (const name of series) expect(exported.has(name), `${rule.alert}: ${name} is not exported`).toBe(true);
    }
    const reads = (metric: string) => all.some((rule) => seriesOf(rule.expr).some((name) => name.startsWith(metric)));
    for (const metric of ["tablee_database_up", "tablee_redis_up", "tablee_commit_duration_seconds", "nodejs_eventloop_lag", "tablee_moves_refused_total"]) {
      expect(reads(metric), metric).toBe(true);
    }
  });

  it("Prometheus scrapes every app replica of docker-compose.yml and loads the rules", () => {
    const config = parseYaml(read("deploy/prometheus/prometheus.yml")) as { rule_files: string[]; scrape_configs: { job_name: string; metrics_path: string; static_configs: { targets: string[] }[] }[] };
    expect(config.rule_files).toEqual(["alerts.yml"]);
    const job = config.scrape_configs.find((c) => c.job_name === "tablee");
    expect(job?.metrics_path).toBe("/metrics");
    const compose = parseYaml(read("docker-compose.yml")) as { services: Record<string, { build?: string; environment?: Record<string, string>; volumes?: string[] }> };
    const replicas = Object.entries(compose.services).filter(([, service]) => service.build !== undefined);
    expect(replicas.length).toBeGreaterThan(0);
    expect(job?.static_configs.flatMap((c) => c.targets).sort()).toEqual(replicas.map(([name]) => `${name}:3000`).sort());
    for (const [, service] of replicas) expect(service.environment?.METRICS).toBe("on");
    for (const volume of [...(compose.services.prometheus?.volumes ?? []), ...(compose.services.grafana?.volumes ?? [])]) {
      const source = volume.split(":")[0] ?? "";
      if (source.startsWith("./")) expect(existsSync(path.join(root, source)), volume).toBe(true);
    }
    // Never published by the balancer, however the path is spelt: matched decoded (/%6detrics is /metrics to fastify).
    expect(read("deploy/haproxy.cfg")).toMatch(/http-request deny .*\{ path,url_dec -m str \/metrics \} \|\| \{ path,url_dec -m beg \/metrics\/ \}/u);
  });

  // promtool comes with Debian's prometheus package (.ci/run installs it when it can).
  const promtool = spawnSync("promtool", ["--version"]).error === undefined;
  it.skipIf(!promtool)("promtool accepts the rules and the configuration, and the rules' unit tests pass (each alert fires when it should, not before)", () => {
    for (const args of [
      ["check", "rules", "deploy/prometheus/alerts.yml"],
      ["check", "config", "deploy/prometheus/prometheus.yml"],
      ["test", "rules", "deploy/prometheus/alerts.test.yml"],
    ]) {
      const run = spawnSync("promtool", args, { cwd: root, encoding: "utf8" });
      expect(run.status, `promtool ${args.join(" ")}: ${run.stdout}${run.stderr}`).toBe(0);
    }
  });
  if (!promtool) console.warn("promtool not installed (Debian package prometheus): alert rules checked by parsing only");
});
