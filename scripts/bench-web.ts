/**
 * `npm run bench:web [-- --games qwirkle,whis --runs 3 --dry-run]`: Lighthouse on the pages a phone
 * player loads (issue 31): the home page, and a room in play of each game (all five by default),
 * loaded as the player seated there. Lighthouse's default settings, which are a phone's: an
 * emulated Moto G Power (412 × 823, touch), simulated throttling (slow 4G, CPU 4× slower), categories
 * performance, accessibility, best practices and SEO. Results go to docs/perf.md ("Web pages
 * (Lighthouse)") with the date, the load average and the commit, and to stdout; each page's median
 * result (JSON) and Lighthouse's last screenshot go to test-results/bench-web/.
 *
 * It measures the client as built in dist/client (built here only when there is none: after
 * changing the client, `npm run build` first). The server is the production one (`server/main.ts`,
 * a child process on a free port) on a fresh database: PostgreSQL at DATABASE_URL when set, else
 * embedded PGlite; computers think as long as in production (BOT_DELAY_MS to change it).
 *
 * A room in play is made as a player makes it (scripts/bench/webRoom.ts): in the Chromium that
 * Lighthouse then drives, so the seat's token is in that profile's localStorage. Lighthouse resets
 * some storage and the HTTP cache before it loads the page (a cold load), but not localStorage:
 * its `clearStorageTypes` (set below to its own default, so a newer default cannot change that
 * silently) leave it, and `disableStorageReset`, which would keep the cache too, is not needed.
 * After the run the page is opened again to check the seat is still held.
 *
 * `--reference DIR`: another checkout of Tablée, its client built (say the previous build:
 * `git worktree add ../ref <rev> && cd ../ref && npm ci && npm run build`), served the same way by
 * its own server; every page is measured on both, alternating which goes first, and a second table
 * gives this build against it as ratios, which the machine's load moves far less than the scores.
 *
 * A benchmark, not a test: the exit code is non-zero only when a page could not be measured, never
 * for a missed goal. Scores move with the machine's load (two shared cores here); the table gives
 * Lighthouse's CPU index of each run (its measure of the machine's speed) to read them by.
 */
import { spawnSync, execFileSync } from "node:child_process";
import path from "node:path";
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Flags, type Result } from "lighthouse";
import { computeMedianRun } from "lighthouse/core/lib/median-run.js";
import { loadConfig } from "../server/config";
import { GAMES } from "../shared/games/registry";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/e2e/browser";
import { spawnServer } from "../test/support/child";
import { createTestDatabase } from "../test/support/database";
import { CATEGORIES, fixesList, goalLines, GOALS, measurementError, pageFigures, pagesTable, referenceTable, settingsText, warningLines, type PageReport } from "./bench/lighthouseReport";
import { openRoomInPlay, stillSeated } from "./bench/webRoom";
import { writePerfSection } from "./perf-doc";

const { values } = parseArgs({
  options: {
    games: { type: "string", default: GAMES.map((game) => game.id).join(",") }, // rooms to measure, comma-separated game ids
    runs: { type: "string", default: "1" }, // Lighthouse runs per page; the median one is reported
    "dry-run": { type: "boolean", default: false }, // print only, do not touch docs/perf.md
    reference: { type: "string" }, // another checkout (client built) measured in the same run
  },
});
const RUNS = Math.max(1, Number(values.runs));
/**
 * The computers' thinking pause: the server's own default (what a player meets), not the tests'
 * "0". With no pause, Mahjong++'s computer, which plays at the same time as the player, sent the
 * page a change every few milliseconds while Lighthouse loaded it (TBT 11 s, against 2 s with the
 * pause, in the same session). The set-up does not wait for them: a room is measured in whatever
 * turn it has reached.
 */
const BOT_DELAY = process.env.BOT_DELAY_MS || loadConfig({}).BOT_DELAY_MS;
const OUT_DIR = "test-results/bench-web";
const CLIENT_INDEX = "dist/client/index.html";

const chosen = (values.games ?? "").split(",").filter(Boolean);
const unknown = chosen.filter((id) => !GAMES.some((game) => game.id === id));
if (unknown.length > 0) throw new Error(`unknown games: ${unknown.join(", ")} (known: ${GAMES.map((game) => game.id).join(", ")})`);
const games = GAMES.filter((game) => chosen.includes(game.id));

const FLAGS: Flags = {
  output: "json",
  logLevel: "error",
  onlyCategories: [...CATEGORIES],
  // Lighthouse 12's default, written out: everything here and the HTTP cache are reset before each
  // load, localStorage (the seat's token) is not.
  clearStorageTypes: ["file_systems", "shader_cache", "service_workers", "cache_storage"],
};

/** What the results say of the runs (the same for every page), for the report's header. */
const seen = { lighthouseVersion: "?", settings: "?", rerun: [] as string[] };

/** Runs of one page that may be measured again when Lighthouse's trace had no first paint or TTI. */
const EXTRA_RUNS = 2;

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

/** The commit measured, and whether the worktree differed from it (docs/perf.md aside: the benchmarks write it). */
function commit(): string {
  const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
  try {
    const changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)docs/perf.md") !== "";
    return `${git("rev-parse", "--short", "HEAD")}${changed ? " with uncommitted changes" : ""}`;
  } catch {
    return "unknown (no git)";
  }
}

/** Builds the client only when there is no build; says which build is measured. */
function ensureBuild(): string {
  if (!existsSync(CLIENT_INDEX)) {
    console.error(`bench:web: no ${CLIENT_INDEX}, running npm run build`);
    const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
    if (build.status !== 0) throw new Error("npm run build failed");
  }
  return statSync(CLIENT_INDEX).mtime.toISOString().slice(0, 16).replace("T", " ");
}

/** Runs Lighthouse `RUNS` times on `url` in the Chromium at `port` and keeps the median run. */
async function audit(url: string, port: number): Promise<Result> {
  const runs: Result[] = [];
  let extra = EXTRA_RUNS;
  while (runs.length < RUNS) {
    const result = await lighthouse(url, { ...FLAGS, port });
    if (result === undefined) throw new Error("Lighthouse returned nothing");
    // Now and then (one page in five or so here, under load more) Lighthouse's trace has no first
    // paint, and it refuses to pick a median of runs that include one: such a run is measured
    // again (at most EXTRA_RUNS times a page), and the report says so.
    const fcp = result.lhr.audits["first-contentful-paint"];
    const interactive = result.lhr.audits.interactive;
    if ((typeof fcp?.numericValue !== "number" || typeof interactive?.numericValue !== "number") && extra > 0) {
      extra--;
      const why = result.lhr.runtimeError?.code ?? fcp?.errorMessage ?? interactive?.errorMessage ?? "no value";
      seen.rerun.push(`${new URL(url).pathname.replace(/^\/r\/.+$/u, "/r/…")}: ${why}`);
      console.error(`bench:web: ${url}: no first paint or TTI in this run (${why}); measured again`);
      continue;
    }
    runs.push(result.lhr);
    seen.lighthouseVersion = result.lhr.lighthouseVersion;
    seen.settings = settingsText(result.lhr.configSettings);
  }
  const [only] = runs;
  return only !== undefined && runs.length === 1 ? only : computeMedianRun(runs);
}

/** Keeps what a person checks a run by: the result itself and the page as Lighthouse last saw it. */
function keep(slug: string, lhr: Result): void {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(`${OUT_DIR}/${slug}.json`, JSON.stringify(lhr));
  const shot = lhr.audits["final-screenshot"]?.details;
  if (shot?.type === "screenshot") writeFileSync(`${OUT_DIR}/${slug}.jpg`, Buffer.from(shot.data.replace(/^data:image\/\w+;base64,/u, ""), "base64"));
}

/** One page to measure. */
interface PageToMeasure {
  readonly name: string;
  readonly slug: string; // file names under OUT_DIR
  /** Runs first in the page's own Chromium (at `cdpUrl`); returns the URL to measure. */
  readonly prepare: (cdpUrl: string) => Promise<string>;
  /** Runs after Lighthouse in the same Chromium; a reason the result is not valid, or null. */
  readonly check?: (cdpUrl: string, url: string) => Promise<string | null>;
  /** The path as the report shows it (a room's id means nothing once the run is over). */
  readonly shownPath?: (path: string) => string;
}

/** Measures one page in a Chromium of its own (a fresh profile); a failure is reported, not thrown. */
async function measurePage(page: PageToMeasure): Promise<PageReport> {
  const { name } = page;
  const started = performance.now();
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
  const cdpUrl = `http://127.0.0.1:${chrome.port}`;
  let path = "?";
  try {
    const url = await page.prepare(cdpUrl);
    path = (page.shownPath ?? ((p: string) => p))(new URL(url).pathname);
    const lhr = await audit(url, chrome.port);
    keep(page.slug, lhr);
    const error = measurementError(lhr) ?? (await page.check?.(cdpUrl, url)) ?? null;
    console.error(`bench:web: ${name} measured in ${((performance.now() - started) / 1000).toFixed(0)} s${error === null ? "" : ` — ${error}`}`);
    return error === null ? { name, path, figures: pageFigures(lhr) } : { name, path, error };
  } catch (error) {
    console.error(`bench:web: ${name} not measured:`, error);
    return { name, path, error: error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error) };
  } finally {
    chrome.kill();
  }
}

/** The pages to measure on the server at `base`: the home page, then a room in play of each game. */
function pagesOf(base: string, tag: string): PageToMeasure[] {
  return [
    { name: "Home page", slug: `${tag}home`, prepare: async () => `${base}/` },
    ...games.map((game) => ({
      name: `${game.names.en} room in play`,
      slug: `${tag}room-${game.id}`,
      prepare: (cdpUrl: string) => openRoomInPlay(cdpUrl, base, game.id, (game.seatCounts[0] ?? game.minSeats) - 1), // the smallest table
      check: async (cdpUrl: string, url: string) => ((await stillSeated(cdpUrl, url)) ? null : "after Lighthouse's run the page no longer shows the seat as held"),
      shownPath: (p: string) => p.replace(/[^/]+$/u, "…"),
    })),
  ];
}

async function main(): Promise<number> {
  const builtAt = ensureBuild();
  const referenceDir = values.reference === undefined ? null : path.resolve(values.reference);
  if (referenceDir !== null && !existsSync(path.join(referenceDir, CLIENT_INDEX))) throw new Error(`--reference ${referenceDir}: no ${CLIENT_INDEX} there (build it first)`);
  const loadBefore = loadavg();
  const started = performance.now();
  const db = await createTestDatabase();
  const server = await spawnServer({ ...db.env, BOT_DELAY_MS: BOT_DELAY });
  const refDb = referenceDir === null ? null : await createTestDatabase();
  const refServer = referenceDir === null || refDb === null ? null : await spawnServer({ ...refDb.env, BOT_DELAY_MS: BOT_DELAY }, 0, [], path.join(referenceDir, "server/main.ts"));
  const pages: PageReport[] = [];
  const reference: PageReport[] = [];
  try {
    const mine = pagesOf(server.url, "");
    const theirs = refServer === null ? [] : pagesOf(refServer.url, "reference-");
    for (const [index, page] of mine.entries()) {
      const other = theirs[index];
      // Alternating which build goes first, so neither always meets the machine in the same state.
      if (other !== undefined && index % 2 === 1) reference.push(await measurePage(other));
      pages.push(await measurePage(page));
      if (other !== undefined && index % 2 === 0) reference.push(await measurePage(other));
    }
  } finally {
    await server.kill("SIGTERM");
    await refServer?.kill("SIGTERM");
    await db.drop();
    await refDb?.drop();
  }
  const loadAfter = loadavg();
  const seconds = Math.round((performance.now() - started) / 1000);
  const options = [
    ...(games.length === GAMES.length ? [] : [`--games ${games.map((game) => game.id).join(",")}`]),
    ...(RUNS > 1 ? [`--runs ${RUNS}`] : []),
    ...(referenceDir === null ? [] : [`--reference ${path.relative(process.cwd(), referenceDir)}`]),
  ];
  const command = `npm run bench:web${options.length > 0 ? ` -- ${options.join(" ")}` : ""}`;
  const lines = [
    `Command: \`${command}\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit()}, client built ${builtAt} UTC; ${seconds} s in all.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, Node ${process.version}, Lighthouse ${seen.lighthouseVersion}, ${chromiumVersion()}; load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAfter} after (the server, Chromium and Lighthouse share the machine).`,
    `Lighthouse's default settings: ${seen.settings}, a cold load (HTTP cache reset). ${RUNS > 1 ? `Each page ${RUNS} runs, the median one shown (Lighthouse's own choice: closest to the median FCP and TTI).` : "One run per page."} Rooms: made by a player's path in the browser (home page → game → create → sit on seat 0 → the other seats of the smallest table to the easiest computer → start), then loaded as that seated player (the seat's token in localStorage); the server is the production one on a fresh ${db.kind === "postgres" ? "PostgreSQL" : "PGlite"} database, computers thinking ${BOT_DELAY} ms a move (BOT_DELAY_MS).`,
    ...(seen.rerun.length === 0 ? [] : [`Runs measured again because Lighthouse's trace had no first paint or TTI (either build): ${seen.rerun.join("; ")}.`]),
    `Scores 0–100, in bold under issue 31's goals (${Object.entries(GOALS).map(([id, goal]) => `${id} ≥ ${goal}`).join(", ")}). LCP, TBT, CLS: Largest Contentful Paint, Total Blocking Time, Cumulative Layout Shift, as simulated. JS + CSS transferred: every script and stylesheet the page loaded, bytes on the wire. CPU index: Lighthouse's measure of the machine's speed just before the run (higher is faster); its simulation multiplies the main-thread time it measures by 4 whatever the index, so a busy machine shows as a lower index and a worse TBT and performance score.`,
    "",
    ...pagesTable(pages),
    "",
    ...goalLines(pages),
    ...warningLines(pages),
    ...(referenceDir === null
      ? []
      : ["", `Against the reference build (${referenceCommit(referenceDir)}, in ${referenceDir}), measured in the same run, each page right after or before this build's:`, "", ...referenceTable(pages, reference)]),
    "",
    "What to fix first, per page and category under 100: for accessibility, best practices and SEO the audits that cost points (−points of that category); for performance, which loses points only on its metrics, the failing diagnostics ranked by the points their estimated savings would win back (each saving as a share of its metric's value, times the points that metric loses: rough, and two diagnostics may name the same cause, e.g. main-thread work and JavaScript execution time). Items: how many elements or resources, and the first.",
    "",
    ...fixesList(pages),
  ];
  console.log(lines.join("\n"));
  if (pages.some((page) => "figures" in page) && !values["dry-run"]) await writePerfSection("Web pages (Lighthouse)", lines.join("\n"));
  return pages.every((page) => "figures" in page) ? 0 : 1;
}

/** The reference checkout's commit. */
function referenceCommit(dir: string): string {
  try {
    return `commit ${execFileSync("git", ["-C", dir, "rev-parse", "--short", "HEAD"], { encoding: "utf8" }).trim()}`;
  } catch {
    return "no git";
  }
}

function chromiumVersion(): string {
  try {
    return execFileSync(CHROMIUM_PATH, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return `Chromium at ${CHROMIUM_PATH}`;
  }
}

process.exitCode = await main();
