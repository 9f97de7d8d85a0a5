/**
 * From Lighthouse's result (the "LHR" JSON) to the figures `bench:web` reports: the category
 * scores, three load metrics (LCP, TBT, CLS), what the page's JS and CSS weigh on the wire, and
 * what to fix first. Pure: the shapes below are the parts of Lighthouse 12's `Result`
 * that are read (the script passes the real `Result`, so the compiler checks they still match).
 */

/** The categories measured, in the table's order. */
export const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
export type CategoryId = (typeof CATEGORIES)[number];

/** One item of an audit's `details`: its fields depend on the audit (`node`, `url`, `description`, …). */
type DetailItem = Readonly<Record<string, unknown>>;

/** The items of an audit's details when they are a list (a checklist's are not). */
const itemsOf = (audit: AuditResult | undefined): DetailItem[] => {
  const items = audit?.details?.items;
  return Array.isArray(items) ? items.filter((item): item is DetailItem => typeof item === "object" && item !== null) : [];
};

/** The CSS selector of an item's element, when it names one. */
const selectorOf = (item: DetailItem): string | undefined =>
  typeof item.node === "object" && item.node !== null && "selector" in item.node && typeof item.node.selector === "string" ? item.node.selector : undefined;

export interface AuditResult {
  readonly id: string;
  readonly title: string;
  readonly score: number | null;
  readonly scoreDisplayMode: string; // "numeric", "binary", "metricSavings", "informative", "notApplicable", "manual", "error"
  readonly displayValue?: string;
  readonly numericValue?: number;
  /** Performance diagnostics: what fixing it would take off each metric (ms; CLS unitless). */
  readonly metricSavings?: Readonly<Partial<Record<string, number>>>;
  readonly details?: { readonly type: string; readonly items?: unknown }; // a list for most types, an object for a checklist
}

export interface CategoryResult {
  readonly score: number | null;
  readonly auditRefs: readonly { readonly id: string; readonly weight: number; readonly group?: string }[];
}

/** The settings a run used, as far as the report names them. */
export interface RunSettings {
  readonly formFactor: string;
  readonly screenEmulation: { readonly width: number; readonly height: number; readonly disabled: boolean };
  readonly throttlingMethod: string;
  readonly throttling: { readonly rttMs?: number; readonly throughputKbps?: number; readonly cpuSlowdownMultiplier?: number };
}

/** The parts of Lighthouse's `Result` read here. */
export interface LighthouseResult {
  readonly finalDisplayedUrl: string;
  readonly runtimeError?: { readonly code: string; readonly message: string };
  /** What Lighthouse found odd about the run (a page too slow to settle, stored data that may weigh on the load, …). */
  readonly runWarnings: readonly string[];
  readonly categories: Readonly<Partial<Record<string, CategoryResult>>>;
  readonly audits: Readonly<Record<string, AuditResult>>;
  readonly environment: { readonly benchmarkIndex: number };
  readonly configSettings: RunSettings;
}

/** How the page was loaded, in words: the emulated screen and the throttling. */
export function settingsText(settings: RunSettings): string {
  const screen = settings.screenEmulation.disabled ? "no screen emulation" : `${settings.formFactor} screen ${settings.screenEmulation.width} × ${settings.screenEmulation.height}`;
  const { rttMs, throughputKbps, cpuSlowdownMultiplier } = settings.throttling;
  const throttling =
    settings.throttlingMethod === "simulate"
      ? `simulated throttling (network: ${rttMs ?? "?"} ms round trip, ${throughputKbps === undefined ? "?" : (throughputKbps / 1024).toFixed(1)} Mbit/s; CPU ${cpuSlowdownMultiplier ?? "?"}× slower than this machine)`
      : `throttling "${settings.throttlingMethod}"`;
  return `${screen}, ${throttling}`;
}

/** One thing that costs points, or for performance, that would win the most back. */
export interface Fix {
  readonly id: string;
  readonly title: string;
  /** What Lighthouse says of it (e.g. "1.9 s"), what fixing it would save, and the first culprit. */
  readonly detail: string;
  /** Points of its category it costs; for a performance diagnostic, roughly the points it would win back (see `performanceFixes`). */
  readonly cost: number;
}

export interface PageFigures {
  readonly scores: Readonly<Record<CategoryId, number | null>>; // 0–100, null: not measured
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  /** Bytes on the wire of every script and stylesheet the page loaded (headers included, as Lighthouse counts them). */
  readonly jsCssTransferBytes: number;
  /**
   * Lighthouse's measure of the machine's speed before the run (higher is faster). Its simulation
   * multiplies the main-thread time measured here by 4 whatever this is, so a busy machine shows
   * as a low index and a worse TBT.
   */
  readonly benchmarkIndex: number;
  readonly warnings: readonly string[]; // Lighthouse's own, about the run
  /** Per category below 100: what to fix first, at most `FIXES_PER_CATEGORY`. */
  readonly fixes: Readonly<Partial<Record<CategoryId, readonly Fix[]>>>;
}

export const FIXES_PER_CATEGORY = 3;

/** Audit modes that carry a score to lose (the others never count). */
const SCORED = new Set(["numeric", "binary", "metricSavings"]);

/** A failing audit's culprit, in a few words: the first item's element, message or URL (paths only: the port changes run to run). */
function firstCulprit(audit: AuditResult, origin: string): string {
  const items = itemsOf(audit);
  const first = items[0];
  if (first === undefined) return "";
  const raw = selectorOf(first) ?? (typeof first.description === "string" ? first.description : typeof first.url === "string" ? first.url : "");
  const what = raw.split(origin).join("").replace(/`/gu, "'");
  if (what === "") return "";
  const short = what.length > 90 ? `${what.slice(0, 89)}…` : what;
  return items.length > 1 ? `${items.length} items, first \`${short}\`` : `\`${short}\``;
}

function detailOf(lhr: LighthouseResult, audit: AuditResult, extra = ""): string {
  const origin = URL.canParse(lhr.finalDisplayedUrl) ? new URL(lhr.finalDisplayedUrl).origin : "\u0000";
  return [audit.displayValue?.replace(/\u00a0/gu, " "), extra, firstCulprit(audit, origin)].filter((part) => part !== undefined && part !== "").join("; ");
}

/**
 * The audits that cost a category points, most first: each costs weight / total weight × (1 −
 * score) × 100 points, which is how Lighthouse makes a category's score out of its audits' (audits
 * not applicable have weight 0 in the result). Performance's metrics are left out: they are in the
 * table, and `performanceFixes` says what would move them.
 */
export function pointsLost(lhr: LighthouseResult, category: CategoryId): Fix[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  if (total === 0) return [];
  const out: Fix[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (audit === undefined || ref.weight === 0 || ref.group === "metrics" || audit.score === null || audit.score >= 1 || !SCORED.has(audit.scoreDisplayMode)) continue;
    out.push({ id: audit.id, title: audit.title, detail: detailOf(lhr, audit), cost: (ref.weight / total) * (1 - audit.score) * 100 });
  }
  return out.sort((a, b) => b.cost - a.cost);
}

/** The performance metrics a diagnostic's `metricSavings` may name, with the audit that holds each. */
const METRIC_AUDITS: Readonly<Record<string, string>> = {
  FCP: "first-contentful-paint",
  LCP: "largest-contentful-paint",
  TBT: "total-blocking-time",
  CLS: "cumulative-layout-shift",
  INP: "interaction-to-next-paint",
};

const savingText = (metric: string, saving: number) => (metric === "CLS" ? `CLS −${saving.toFixed(3)}` : `${metric} −${Math.round(saving).toLocaleString("en")} ms`);

/**
 * Performance loses its points only on its metrics, so what to fix is ranked among the failing
 * diagnostics (score under 0.9, Lighthouse's "failed") by the points their savings would win back:
 * for each metric it names, the points that metric loses (as in `pointsLost`) times the share of
 * the metric's value the saving takes off (at most all of it). A rough figure (a metric's score is
 * not linear in its value, and two diagnostics may name the same cause), good for ordering them.
 */
export function performanceFixes(lhr: LighthouseResult): Fix[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const total = refs.reduce((sum, ref) => sum + ref.weight, 0);
  /** Points of the performance score a metric's audit loses. */
  const lostOn = (auditId: string) => {
    const score = lhr.audits[auditId]?.score;
    const weight = refs.find((ref) => ref.id === auditId)?.weight ?? 0;
    return total === 0 || typeof score !== "number" ? 0 : (weight / total) * (1 - score) * 100;
  };
  const out: Fix[] = [];
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (audit === undefined || ref.group === "metrics" || ref.group === "hidden" || audit.score === null || audit.score >= 0.9 || !SCORED.has(audit.scoreDisplayMode)) continue;
    let cost = 0;
    const named: string[] = [];
    for (const [metric, saving] of Object.entries(audit.metricSavings ?? {})) {
      const metricAudit = METRIC_AUDITS[metric];
      const value = metricAudit === undefined ? undefined : lhr.audits[metricAudit]?.numericValue;
      if (saving === undefined || saving <= 0 || metricAudit === undefined || value === undefined || value <= 0) continue;
      cost += Math.min(1, saving / value) * lostOn(metricAudit);
      named.push(savingText(metric, saving));
    }
    if (cost > 0) out.push({ id: audit.id, title: audit.title, detail: detailOf(lhr, audit, named.join(", ")), cost });
  }
  return out.sort((a, b) => b.cost - a.cost);
}

/** Why this result cannot be reported (Lighthouse's own error, or a category without a score), or null. */
export function measurementError(lhr: LighthouseResult): string | null {
  if (lhr.runtimeError !== undefined) return `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  const missing = CATEGORIES.filter((id) => typeof lhr.categories[id]?.score !== "number");
  if (missing.length > 0) return `no score for ${missing.join(", ")}`;
  for (const metric of ["largest-contentful-paint", "total-blocking-time", "cumulative-layout-shift"]) {
    if (lhr.audits[metric]?.numericValue === undefined) return `no value for ${metric}`;
  }
  return null;
}

/** The figures of one page. Call `measurementError` first: this assumes a complete result. */
export function pageFigures(lhr: LighthouseResult): PageFigures {
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => {
      const score = lhr.categories[id]?.score;
      return [id, score === undefined || score === null ? null : Math.round(score * 100)];
    }),
  ) as Record<CategoryId, number | null>;
  const fixes: Partial<Record<CategoryId, readonly Fix[]>> = {};
  for (const id of CATEGORIES) {
    const score = scores[id];
    if (score === null || score >= 100) continue;
    const ranked = id === "performance" ? performanceFixes(lhr) : pointsLost(lhr, id);
    if (ranked.length > 0) fixes[id] = ranked.slice(0, FIXES_PER_CATEGORY);
  }
  const summary = itemsOf(lhr.audits["resource-summary"]);
  const jsCssTransferBytes = summary
    .filter((item) => item.resourceType === "script" || item.resourceType === "stylesheet")
    .reduce((sum, item) => sum + (typeof item.transferSize === "number" ? item.transferSize : 0), 0);
  return {
    scores,
    lcpMs: lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    jsCssTransferBytes,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    warnings: lhr.runWarnings,
    fixes,
  };
}

/** A page as reported: its name in the table, its path, and what was measured (or why not). */
export type PageReport =
  | { readonly name: string; readonly path: string; readonly figures: PageFigures }
  | { readonly name: string; readonly path: string; readonly error: string };

/** Issue 31's goals, for every page: performance and accessibility at least these. */
export const GOALS: Readonly<Partial<Record<CategoryId, number>>> = { performance: 90, accessibility: 95 };

const CATEGORY_NAMES: Readonly<Record<CategoryId, string>> = { performance: "performance", accessibility: "accessibility", "best-practices": "best practices", seo: "SEO" };

/** A score, in bold when it misses its goal. */
function scoreCell(id: CategoryId, score: number | null): string {
  if (score === null) return "–";
  const goal = GOALS[id];
  return goal !== undefined && score < goal ? `**${score}**` : String(score);
}

const kib = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString("en")} KiB`;

/** The markdown table: one row per page, scores (0–100, bold under the goal) then the metrics. */
export function pagesTable(pages: readonly PageReport[]): string[] {
  const lines = [
    `| page | ${CATEGORIES.map((id) => CATEGORY_NAMES[id]).join(" | ")} | LCP | TBT | CLS | JS + CSS transferred | CPU index |`,
    `|---|${CATEGORIES.map(() => "---|").join("")}---|---|---|---|---|`,
  ];
  for (const page of pages) {
    const name = `${page.name} (\`${page.path}\`)`;
    if ("error" in page) {
      lines.push(`| ${name} | not measured: ${page.error.replace(/\|/gu, "/").replace(/\s+/gu, " ").slice(0, 200)} |${" |".repeat(CATEGORIES.length + 4)}`);
      continue;
    }
    const f = page.figures;
    lines.push(
      `| ${name} | ${CATEGORIES.map((id) => scoreCell(id, f.scores[id])).join(" | ")} | ${(f.lcpMs / 1000).toFixed(1)} s | ${Math.round(f.tbtMs).toLocaleString("en")} ms | ${f.cls.toFixed(3)} | ${kib(f.jsCssTransferBytes)} | ${Math.round(f.benchmarkIndex)} |`,
    );
  }
  return lines;
}

const fixText = (fix: Fix, category: CategoryId) =>
  `${fix.title.replace(/\.$/u, "")} (\`${fix.id}\`${fix.detail === "" ? "" : `: ${fix.detail}`}) ${category === "performance" ? `≈ ${fix.cost.toFixed(1)} points back` : `−${fix.cost.toFixed(1)}`}`;

/** Per page, per category under 100: what to fix first (a markdown list). */
export function fixesList(pages: readonly PageReport[]): string[] {
  const lines: string[] = [];
  for (const page of pages) {
    if ("error" in page) continue;
    const categories = CATEGORIES.filter((id) => (page.figures.fixes[id]?.length ?? 0) > 0);
    if (categories.length === 0) continue;
    lines.push(`- ${page.name}:`);
    for (const id of categories) lines.push(`  - ${CATEGORY_NAMES[id]}: ${(page.figures.fixes[id] ?? []).map((fix) => fixText(fix, id)).join("; ")}`);
  }
  return lines;
}

/** Lighthouse's warnings about the runs, one line per page that had any (none: no lines). */
export function warningLines(pages: readonly PageReport[]): string[] {
  return pages.flatMap((page) => ("figures" in page && page.figures.warnings.length > 0 ? [`Lighthouse warned on ${page.name}: ${page.figures.warnings.join(" ")}`] : []));
}

/** One sentence per goal: on which pages it is met, and where not. */
export function goalLines(pages: readonly PageReport[]): string[] {
  const measured = pages.filter((page): page is Extract<PageReport, { figures: PageFigures }> => "figures" in page);
  return CATEGORIES.flatMap((id) => {
    const goal = GOALS[id];
    if (goal === undefined) return [];
    const missed = measured.filter((page) => (page.figures.scores[id] ?? 0) < goal);
    const verdict = missed.length === 0 ? `met on all ${measured.length} pages measured` : `**not met** on ${missed.map((page) => `${page.name} (${page.figures.scores[id] ?? "–"})`).join(", ")}`;
    return [`Goal ${CATEGORY_NAMES[id]} ≥ ${goal}: ${verdict}.`];
  });
}

/**
 * This build against a reference build measured in the same run (`--reference`), page by page:
 * the scores side by side and the metrics as ratios (this ÷ reference: below 1 is better), which
 * the machine's load moves far less than the scores themselves.
 */
export function referenceTable(pages: readonly PageReport[], reference: readonly PageReport[]): string[] {
  const lines = ["| page | performance (this / reference) | accessibility (this / reference) | LCP ratio | TBT ratio | JS + CSS ratio |", "|---|---|---|---|---|---|"];
  const ratio = (a: number, b: number) => (b > 0 ? `${(a / b).toFixed(2)}×` : "–");
  for (const page of pages) {
    const ref = reference.find((other) => other.name === page.name);
    if (ref === undefined || !("figures" in page) || !("figures" in ref)) {
      lines.push(`| ${page.name} | not measured on both builds | | | | |`);
      continue;
    }
    const [f, r] = [page.figures, ref.figures];
    const score = (id: CategoryId) => `${f.scores[id] ?? "–"} / ${r.scores[id] ?? "–"}`;
    lines.push(`| ${page.name} | ${score("performance")} | ${score("accessibility")} | ${ratio(f.lcpMs, r.lcpMs)} | ${ratio(f.tbtMs, r.tbtMs)} | ${ratio(f.jsCssTransferBytes, r.jsCssTransferBytes)} |`);
  }
  return lines;
}
