import { describe, expect, it } from "vitest";
import { fixesList, goalLines, referenceTable, warningLines, measurementError, pageFigures, pagesTable, performanceFixes, pointsLost, settingsText, type AuditResult, type LighthouseResult, type PageReport } from "./lighthouseReport";

/** An audit as Lighthouse writes it, with only what the report reads. */
const audit = (id: string, score: number | null, more: Partial<AuditResult> = {}): AuditResult => ({ id, title: `Title of ${id}.`, score, scoreDisplayMode: score === null ? "notApplicable" : "binary", ...more });
const metric = (id: string, score: number, numericValue: number, displayValue: string): AuditResult => audit(id, score, { scoreDisplayMode: "numeric", numericValue, displayValue });
const diagnostic = (id: string, score: number, metricSavings: Record<string, number>, more: Partial<AuditResult> = {}): AuditResult =>
  audit(id, score, { scoreDisplayMode: "metricSavings", metricSavings, ...more });

/**
 * A room page's result, made up so the expected figures can be worked out by hand. Performance's
 * weights are Lighthouse 12's (FCP 10, SI 10, LCP 25, TBT 30, CLS 25), so each metric loses
 * weight × (1 − score) points: FCP 2, LCP 12.5, TBT 18, CLS 10.
 */
function roomResult(): LighthouseResult {
  const audits: AuditResult[] = [
    metric("first-contentful-paint", 0.8, 2000, "2.0\u00a0s"),
    metric("speed-index", 1, 1500, "1.5\u00a0s"),
    metric("largest-contentful-paint", 0.5, 4000, "4.0\u00a0s"),
    metric("total-blocking-time", 0.4, 600, "600\u00a0ms"),
    metric("cumulative-layout-shift", 0.6, 0.2, "0.2"),
    // Takes off half of TBT: 18 × 300 / 600 = 9 points back.
    diagnostic("bootup-time", 0, { TBT: 300 }, { displayValue: "1.9\u00a0s", details: { type: "table", items: [{ url: "http://127.0.0.1:4321/assets/index.js" }, { url: "http://127.0.0.1:4321/assets/Room.js" }] } }),
    // A quarter of LCP and half of FCP: 12.5 / 4 + 2 / 2 = 4.125.
    diagnostic("uses-text-compression", 0, { FCP: 1000, LCP: 1000 }, { displayValue: "Est savings of 175\u00a0KiB" }),
    // More than all of CLS: capped, the 10 points CLS loses.
    diagnostic("layout-shifts", 0, { CLS: 0.4 }, { details: { type: "table", items: [{ node: { selector: "div.table > div.extras" } }] } }),
    // 200 / 4000 of LCP's 12.5: 0.625, fourth, so not listed.
    diagnostic("unused-javascript", 0, { LCP: 200 }),
    // Passing (0.9 and up), hidden, or naming no measured metric: never listed.
    diagnostic("render-blocking-resources", 0.95, { LCP: 3000 }),
    diagnostic("cls-culprits-insight", 0, { CLS: 0.4 }),
    diagnostic("interaction-only", 0, { INP: 300 }),
    audit("color-contrast", 0, { details: { type: "table", items: [{ node: { selector: "span.you" } }, { node: { selector: "small" } }] } }),
    audit("button-name", 1),
    audit("video-caption", null),
    audit("errors-in-console", 0, { details: { type: "table", items: [{ description: "Blocked call to navigator.vibrate at http://127.0.0.1:4321/assets/Room.js" }] } }),
    audit("inspector-issues", 0),
    audit("doctype", 1),
    audit("charset", 1),
    audit("viewport", 1),
    audit("meta-description", 1),
    // A checklist's items are an object, not a list.
    audit("installable-manifest", 1, { details: { type: "checklist", items: { hasManifest: { value: true, label: "manifest" } } } }),
    audit("resource-summary", null, {
      scoreDisplayMode: "informative",
      details: {
        type: "table",
        items: [
          { resourceType: "total", transferSize: 2000 },
          { resourceType: "script", transferSize: 1000 },
          { resourceType: "stylesheet", transferSize: 500 },
          { resourceType: "document", transferSize: 500 },
        ],
      },
    }),
  ];
  return {
    finalDisplayedUrl: "http://127.0.0.1:4321/r/abc",
    runWarnings: [],
    environment: { benchmarkIndex: 1476.5 },
    // Lighthouse 12's mobile defaults.
    configSettings: {
      formFactor: "mobile",
      screenEmulation: { width: 412, height: 823, disabled: false },
      throttlingMethod: "simulate",
      throttling: { rttMs: 150, throughputKbps: 1638.4, cpuSlowdownMultiplier: 4 },
    },
    audits: Object.fromEntries(audits.map((each) => [each.id, each])),
    categories: {
      performance: {
        score: 0.576,
        auditRefs: [
          { id: "first-contentful-paint", weight: 10, group: "metrics" },
          { id: "largest-contentful-paint", weight: 25, group: "metrics" },
          { id: "total-blocking-time", weight: 30, group: "metrics" },
          { id: "cumulative-layout-shift", weight: 25, group: "metrics" },
          { id: "speed-index", weight: 10, group: "metrics" },
          ...["bootup-time", "uses-text-compression", "layout-shifts", "unused-javascript", "render-blocking-resources", "interaction-only"].map((id) => ({ id, weight: 0, group: "diagnostics" })),
          { id: "cls-culprits-insight", weight: 0, group: "hidden" },
        ],
      },
      // Not applicable audits have weight 0 in a result: color-contrast costs 7 / 17 of 100.
      accessibility: { score: 0.588, auditRefs: [{ id: "color-contrast", weight: 7 }, { id: "button-name", weight: 10 }, { id: "video-caption", weight: 0 }] },
      "best-practices": {
        score: 0.6,
        auditRefs: ["errors-in-console", "inspector-issues", "doctype", "charset", "installable-manifest"].map((id) => ({ id, weight: 1 })),
      },
      seo: { score: 1, auditRefs: [{ id: "viewport", weight: 1 }, { id: "meta-description", weight: 1 }] },
    },
  };
}

describe("what a Lighthouse result costs", () => {
  it("counts each audit's points lost as Lighthouse weighs them, most first", () => {
    const lhr = roomResult();
    expect(pointsLost(lhr, "accessibility").map((fix) => [fix.id, Number(fix.cost.toFixed(2))])).toEqual([["color-contrast", 41.18]]);
    expect(pointsLost(lhr, "best-practices").map((fix) => [fix.id, fix.cost])).toEqual([
      ["errors-in-console", 20],
      ["inspector-issues", 20],
    ]);
    expect(pointsLost(lhr, "seo")).toEqual([]);
    expect(pointsLost(lhr, "performance")).toEqual([]); // its metrics are in the table, not here
  });

  it("ranks performance diagnostics by the points their savings would win back", () => {
    const fixes = performanceFixes(roomResult());
    expect(fixes.map((fix) => [fix.id, Number(fix.cost.toFixed(3))])).toEqual([
      ["layout-shifts", 10],
      ["bootup-time", 9],
      ["uses-text-compression", 4.125],
      ["unused-javascript", 0.625],
    ]);
    expect(fixes[1]?.detail).toBe("1.9 s; TBT −300 ms; 2 items, first `/assets/index.js`");
    expect(fixes[0]?.detail).toBe("CLS −0.400; `div.table > div.extras`");
  });

  it("gives a page's figures: scores out of 100, metrics, JS + CSS bytes, the top 3 fixes of each category under 100", () => {
    const figures = pageFigures(roomResult());
    expect(figures.scores).toEqual({ performance: 58, accessibility: 59, "best-practices": 60, seo: 100 });
    expect([figures.lcpMs, figures.tbtMs, figures.cls, figures.jsCssTransferBytes, figures.benchmarkIndex]).toEqual([4000, 600, 0.2, 1500, 1476.5]);
    expect(figures.warnings).toEqual([]);
    expect(Object.keys(figures.fixes)).toEqual(["performance", "accessibility", "best-practices"]);
    expect(figures.fixes.performance?.map((fix) => fix.id)).toEqual(["layout-shifts", "bootup-time", "uses-text-compression"]);
    expect(figures.fixes["best-practices"]?.[0]?.detail).toBe("`Blocked call to navigator.vibrate at /assets/Room.js`");
  });

  it.each([
    ["a result without errors", (lhr: LighthouseResult) => lhr, null],
    ["Lighthouse's own error", (lhr: LighthouseResult) => ({ ...lhr, runtimeError: { code: "NO_FCP", message: "The page did not paint any content." } }), "NO_FCP: The page did not paint any content."],
    ["a category without a score", (lhr: LighthouseResult) => ({ ...lhr, categories: { ...lhr.categories, accessibility: { score: null, auditRefs: [] } } }), "no score for accessibility"],
    ["a category missing", (lhr: LighthouseResult) => ({ ...lhr, categories: { ...lhr.categories, seo: undefined } }), "no score for seo"],
    ["a metric without a value", (lhr: LighthouseResult) => ({ ...lhr, audits: { ...lhr.audits, "total-blocking-time": audit("total-blocking-time", null) } }), "no value for total-blocking-time"],
  ])("says when a result cannot be reported: %s", (_name, change, expected) => {
    expect(measurementError(change(roomResult()))).toBe(expected);
  });
});

describe("the report's markdown", () => {
  it("says how the page was loaded", () => {
    expect(settingsText(roomResult().configSettings)).toBe("mobile screen 412 × 823, simulated throttling (network: 150 ms round trip, 1.6 Mbit/s; CPU 4× slower than this machine)");
    expect(settingsText({ ...roomResult().configSettings, throttlingMethod: "devtools", screenEmulation: { width: 0, height: 0, disabled: true } })).toBe('no screen emulation, throttling "devtools"');
  });

  const pages: PageReport[] = [
    { name: "Home page", path: "/", figures: { ...pageFigures(roomResult()), scores: { performance: 92, accessibility: 100, "best-practices": 100, seo: 100 }, fixes: {} } },
    { name: "Qwirkle room in play", path: "/r/…", figures: pageFigures(roomResult()) },
    { name: "WHIS room in play", path: "/r/…", error: "waiting for [data-testid=\"start-game\"] | timed out" },
  ];

  it("puts one row per page, scores under the goals in bold, and says why a page was not measured", () => {
    expect(pagesTable(pages)).toEqual([
      "| page | performance | accessibility | best practices | SEO | LCP | TBT | CLS | JS + CSS transferred | CPU index |",
      "|---|---|---|---|---|---|---|---|---|---|",
      "| Home page (`/`) | 92 | 100 | 100 | 100 | 4.0 s | 600 ms | 0.200 | 1 KiB | 1477 |",
      "| Qwirkle room in play (`/r/…`) | **58** | **59** | 60 | 100 | 4.0 s | 600 ms | 0.200 | 1 KiB | 1477 |",
      '| WHIS room in play (`/r/…`) | not measured: waiting for [data-testid="start-game"] / timed out | | | | | | | | |',
    ]);
  });

  it("sets this build against a reference build page by page, metrics as ratios", () => {
    const home = pages[0] as Extract<PageReport, { figures: unknown }>;
    const slower = { ...home.figures, lcpMs: home.figures.lcpMs * 2, tbtMs: home.figures.tbtMs * 4, scores: { ...home.figures.scores, performance: 46 } };
    const reference: PageReport[] = [{ ...home, figures: slower }];
    expect(referenceTable(pages, reference)).toEqual([
      "| page | performance (this / reference) | accessibility (this / reference) | LCP ratio | TBT ratio | JS + CSS ratio |",
      "|---|---|---|---|---|---|",
      "| Home page | 92 / 46 | 100 / 100 | 0.50× | 0.25× | 1.00× |",
      "| Qwirkle room in play | not measured on both builds | | | | |",
      "| WHIS room in play | not measured on both builds | | | | |",
    ]);
  });

  it("says where each goal is met and where not", () => {
    expect(goalLines(pages)).toEqual(["Goal performance ≥ 90: **not met** on Qwirkle room in play (58).", "Goal accessibility ≥ 95: **not met** on Qwirkle room in play (59)."]);
    expect(goalLines(pages.slice(0, 1))).toEqual(["Goal performance ≥ 90: met on all 1 pages measured.", "Goal accessibility ≥ 95: met on all 1 pages measured."]);
  });

  it("repeats Lighthouse's warnings, for the pages that had any", () => {
    expect(warningLines(pages)).toEqual([]);
    const slow = pageFigures({ ...roomResult(), runWarnings: ["The page loaded too slowly to finish within the time limit."] });
    expect(warningLines([...pages, { name: "Halma room in play", path: "/r/…", figures: slow }])).toEqual([
      "Lighthouse warned on Halma room in play: The page loaded too slowly to finish within the time limit.",
    ]);
  });

  it("lists what to fix under each page with something to fix", () => {
    expect(fixesList(pages)).toEqual([
      "- Qwirkle room in play:",
      "  - performance: Title of layout-shifts (`layout-shifts`: CLS −0.400; `div.table > div.extras`) ≈ 10.0 points back; Title of bootup-time (`bootup-time`: 1.9 s; TBT −300 ms; 2 items, first `/assets/index.js`) ≈ 9.0 points back; Title of uses-text-compression (`uses-text-compression`: Est savings of 175 KiB; FCP −1,000 ms, LCP −1,000 ms) ≈ 4.1 points back",
      "  - accessibility: Title of color-contrast (`color-contrast`: 2 items, first `span.you`) −41.2",
      "  - best practices: Title of errors-in-console (`errors-in-console`: `Blocked call to navigator.vibrate at /assets/Room.js`) −20.0; Title of inspector-issues (`inspector-issues`) −20.0",
    ]);
  });
});
