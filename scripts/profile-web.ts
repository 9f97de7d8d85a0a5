/**
 * `npm run profile:web -- [--game qwirkle] [--loads 4] [--reference DIR] [--top 25] [--tasks]
 * [--functions] [--inclusive] [--intl] [--throttle 4]`: where a
 * room's load spends the main thread (issue 31), as a ratio against another build measured in
 * the same run. Lighthouse's score moves with the shared machine's load; the share of main-thread
 * time each module takes, and this build's time over the reference's when loads alternate, move
 * far less.
 *
 * For each build (this checkout's dist/client, and DIR's when given, each served by its own
 * production server on a fresh database), a room in play is made by a player's path
 * (scripts/bench/webRoom.ts), then loaded `--loads` times as that seated player, alternating
 * builds, in a phone-sized page with the CPU throttled 4× (as Lighthouse's simulation counts it),
 * under the V8 sampling profiler. A load ends when the board is there and the main thread has
 * had nothing to do for 1 s. Self time is attributed to source files through the build's source
 * maps: build with `npx vite build --config client/vite.config.ts --sourcemap hidden` (the served
 * files stay the same bytes; the .map files are read from disk here, never served).
 *
 * `--tasks`: each stretch of work (a task, roughly) and its top modules; `--functions`: self time
 * per function, and library time per nearest app function above it; `--inclusive`: time under
 * each app file (Svelte runs effects from its scheduler, so a component's effects are not under
 * it); `--intl`: how many Intl objects the load builds and how long that takes.
 *
 * What it taught (issue 31, docs/perf.md): layout reads during the first render ("forced" layouts)
 * were not extra work — the page is laid out once either way — and moving them to a later frame
 * made Lighthouse count twice the style and layout time.
 */
import { readFileSync, existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import * as chromeLauncher from "chrome-launcher";
import { chromium, type CDPSession, type Page } from "playwright-core";
import { SourceMapConsumer, type RawSourceMap } from "source-map-js";
import { GAMES } from "../shared/games/registry";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../test/e2e/browser";
import { spawnServer } from "../test/support/child";
import { createTestDatabase } from "../test/support/database";
import { openRoomInPlay } from "./bench/webRoom";

const { values } = parseArgs({
  options: {
    game: { type: "string", default: "qwirkle" },
    loads: { type: "string", default: "4" },
    reference: { type: "string" },
    top: { type: "string", default: "25" },
    throttle: { type: "string", default: "4" },
    tasks: { type: "boolean", default: false },
    intl: { type: "boolean", default: false },
    inclusive: { type: "boolean", default: false }, // time under each app file, callees included // counts the Intl objects the load builds // each long stretch of work and its top modules
    functions: { type: "boolean", default: false }, // self time per function too, and library time per nearest app caller

  },
});
const LOADS = Number(values.loads);
const TOP = Number(values.top);
const game = GAMES.find((candidate) => candidate.id === values.game) ?? (() => {
  throw new Error(`unknown game ${values.game}`);
})();

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** One build under measurement: its server, its room, its source maps, what its loads added up to. */
interface Build {
  readonly label: string;
  readonly dir: string;
  url: string;
  cdpUrl: string;
  readonly maps: Map<string, SourceMapConsumer | null>;
  readonly selfByModule: Map<string, number>;
  busyMs: number[];
  blockingMs: number[];
  wallMs: number[];
}

/** The module a minified position belongs to: a package under node_modules, or a source file. */
function moduleOf(build: Build, url: string, line: number, column: number): string {
  if (url === "") return "(native / program)";
  const asset = /\/assets\/([^/?#]+\.js)/u.exec(url)?.[1];
  if (asset === undefined) return url.startsWith("http") ? `(page) ${new URL(url).pathname.replace(/\/r\/.+$/u, "/r/…")}` : url;
  let map = build.maps.get(asset);
  if (map === undefined) {
    const file = path.join(build.dir, "dist/client/assets", `${asset}.map`);
    map = existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8")) as RawSourceMap) : null;
    build.maps.set(asset, map);
  }
  if (map === null) return `${asset} (no map)`;
  const source = map.originalPositionFor({ line: line + 1, column }).source;
  if (source === null) return `${asset} (unmapped)`;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/u.exec(source);
  if (pkg !== null) {
    // zod's classic and core APIs are told apart: that is the question here.
    const sub = pkg[1] === "zod" ? `/${pkg[2]?.split("/").slice(0, 2).join("/")}` : "";
    return `${pkg[1]}${sub}`;
  }
  return source.replace(/^(\.\.\/)+/u, "");
}

/** Adds one profile's self time per module to the build's totals; returns the busy (non-idle) time. */
function attribute(build: Build, profile: Profile): number {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of (node as ProfileNode & { children?: number[] }).children ?? []) parent.set(child, node.id);
  const selfUs = new Map<number, number>();
  for (const [index, id] of profile.samples.entries()) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index + 1] ?? 0));
  let busy = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (frame === undefined) continue;
    let key: string;
    if (frame.functionName === "(idle)") continue;
    if (frame.functionName === "(garbage collector)" || frame.functionName === "(program)") key = frame.functionName;
    else key = moduleOf(build, frame.url, frame.lineNumber, frame.columnNumber);
    busy += us;
    build.selfByModule.set(key, (build.selfByModule.get(key) ?? 0) + us);
    if (values.inclusive) {
      // Every app file on the stack, once each: what a component costs with all it calls.
      const seen = new Set<string>();
      for (let up: number | undefined = id; up !== undefined; up = parent.get(up)) {
        const upFrame = byId.get(up)?.callFrame;
        const upKey = upFrame === undefined ? "" : moduleOf(build, upFrame.url, upFrame.lineNumber, upFrame.columnNumber);
        if ((upKey.startsWith("client/") || upKey.startsWith("shared/")) && !seen.has(upKey)) {
          seen.add(upKey);
          build.selfByModule.set(`  incl ${upKey}`, (build.selfByModule.get(`  incl ${upKey}`) ?? 0) + us);
        }
      }
    }
    if (values.functions) {
      const fkey = `  fn ${key} ${frame.functionName || "(anonymous)"}:${frame.lineNumber}:${frame.columnNumber}`;
      build.selfByModule.set(fkey, (build.selfByModule.get(fkey) ?? 0) + us);
      if (!key.startsWith("client/")) {
        // The nearest frame of the app's own code above this library time: who asked for it.
        let up = parent.get(id);
        while (up !== undefined) {
          const upFrame = byId.get(up)?.callFrame;
          const upKey = upFrame === undefined ? "" : moduleOf(build, upFrame.url, upFrame.lineNumber, upFrame.columnNumber);
          if (upKey.startsWith("client/") || upKey.startsWith("shared/")) {
            const ckey = `  via ${upKey} ${upFrame?.functionName || "(anonymous)"} -> ${key}`;
            build.selfByModule.set(ckey, (build.selfByModule.get(ckey) ?? 0) + us);
            break;
          }
          up = parent.get(up);
        }
      }
    }
  }
  if (values.tasks) printTasks(build, profile, byId);
  return busy / 1000;
}

/** Each stretch of work without a break (a task, roughly) over 200 µs×250: its top modules. */
function printTasks(build: Build, profile: Profile, byId: Map<number, ProfileNode>): void {
  let time = 0;
  let run: { start: number; end: number; by: Map<string, number> } | null = null;
  let idle = 0;
  const flush = () => {
    if (run !== null && run.end - run.start > 50_000) {
      const top = [...run.by.entries()].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  task at ${(run.start / 1000).toFixed(0)} ms, ${((run.end - run.start) / 1000).toFixed(0)} ms: ${top.map(([key, us]) => `${key} ${(us / 1000).toFixed(0)}`).join(", ")}`);
    }
    run = null;
  };
  for (const [index, id] of profile.samples.entries()) {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const frame = byId.get(id)?.callFrame;
    if (frame?.functionName === "(idle)") {
      idle += delta;
      if (idle > 4000) flush();
    } else if (frame !== undefined) {
      idle = 0;
      run ??= { start: time, end: time, by: new Map() };
      run.end = time + delta;
      const key = frame.functionName.startsWith("(") ? frame.functionName : moduleOf(build, frame.url, frame.lineNumber, frame.columnNumber);
      run.by.set(key, (run.by.get(key) ?? 0) + delta);
    }
    time += delta;
  }
  flush();
}

/** One profiled load of the build's room, in a fresh page of its browser (the seat's token kept). */
async function profiledLoad(build: Build): Promise<void> {
  const browser = await chromium.connectOverCDP(build.cdpUrl);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error("no context");
    const page: Page = await context.newPage();
    await page.setViewportSize({ width: 412, height: 823 });
    const cdp: CDPSession = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: Number(values.throttle) });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
    await cdp.send("Profiler.start");
    if (values.intl) {
      // How many Intl formatters the load builds, and the time spent building them.
      await page.addInitScript(`for (const name of ["NumberFormat", "PluralRules", "DateTimeFormat", "Locale", "RelativeTimeFormat", "Collator", "Segmenter"]) {
        const Original = Intl[name];
        window.__intl ??= {};
        window.__intl[name] = { count: 0, ms: 0 };
        const stats = window.__intl[name];
        Intl[name] = new Proxy(Original, { construct(target, args) { const t = performance.now(); const made = Reflect.construct(target, args); stats.count++; stats.ms += performance.now() - t; return made; } });
      }`);
    }
    const started = Date.now();
    await page.goto(build.url);
    await page.locator("[data-board]").first().waitFor({ state: "visible", timeout: 60_000 });
    // Settled: a second with no long task. The page's own clock ticks are counted, as a phone pays them.
    // A string, not a function: tsx's helpers are not in the page.
    const tasks = await page.evaluate<number[][]>(`new Promise((resolve) => {
      let last = performance.now();
      const tasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          last = Math.max(last, entry.startTime + entry.duration);
          tasks.push([Math.round(entry.startTime), Math.round(entry.duration)]);
        }
      }).observe({ type: "longtask", buffered: true });
      const check = () => (performance.now() - last > 1000 ? resolve(tasks) : setTimeout(check, 100));
      setTimeout(check, 100);
    })`);
    const wall = Date.now() - started;
    if (values.intl) console.log(`${build.label}: Intl built ${JSON.stringify(await page.evaluate("window.__intl"))}`);
    const blocking = tasks.reduce((sum, [, duration]) => sum + Math.max(0, (duration ?? 0) - 50), 0);
    build.blockingMs.push(blocking);
    console.log(`${build.label}: long tasks (start+duration ms) ${tasks.map(([start, duration]) => `${start}+${duration}`).join(" ")}; blocking ${blocking} ms`);
    const { profile } = (await cdp.send("Profiler.stop")) as { profile: Profile };
    build.busyMs.push(attribute(build, profile));
    build.wallMs.push(wall);
    await page.close();
  } finally {
    await browser.close();
  }
}

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

async function main(): Promise<void> {
  const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  console.log(`load average before: ${loadavg()}`);
  const dirs: [string, string][] = [["this", process.cwd()]];
  if (values.reference !== undefined) dirs.push(["reference", path.resolve(values.reference)]);
  const builds: Build[] = [];
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    for (const [label, dir] of dirs) {
      const db = await createTestDatabase();
      const server = await spawnServer({ ...db.env, BOT_DELAY_MS: process.env.BOT_DELAY_MS ?? "1000" }, 0, [], path.join(dir, "server/main.ts"));
      const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
      cleanups.push(async () => chrome.kill(), () => server.kill("SIGTERM"), () => db.drop());
      const cdpUrl = `http://127.0.0.1:${chrome.port}`;
      const url = await openRoomInPlay(cdpUrl, server.url, game.id, (game.seatCounts[0] ?? game.minSeats) - 1);
      builds.push({ label, dir, url, cdpUrl, maps: new Map(), selfByModule: new Map(), busyMs: [], blockingMs: [], wallMs: [] });
    }
    for (let load = 0; load < LOADS; load++) {
      const order = load % 2 === 0 ? builds : [...builds].reverse();
      for (const build of order) await profiledLoad(build);
    }
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  }
  console.log(`load average after: ${loadavg()}`);
  for (const build of builds) {
    const total = [...build.selfByModule.entries()].filter(([key]) => !key.startsWith("  ")).reduce((sum, [, us]) => sum + us, 0);
    console.log(`\n== ${build.label} (${build.dir}), ${game.id}: main-thread busy per load (ms, ${values.throttle}× throttle) ${build.busyMs.map((ms) => ms.toFixed(0)).join(", ")}; median ${median(build.busyMs).toFixed(0)}; wall ${build.wallMs.join(", ")}; blocking (long tasks beyond 50 ms, as TBT counts) ${build.blockingMs.join(", ")}, median ${median(build.blockingMs)}`);
    const rows = [...build.selfByModule.entries()].sort((a, b) => b[1] - a[1]).slice(0, TOP);
    for (const [key, us] of rows) console.log(`${((100 * us) / total).toFixed(1).padStart(5)} %  ${(us / 1000 / LOADS).toFixed(0).padStart(6)} ms/load  ${key}`);
  }
  if (builds.length === 2) {
    const [mine, theirs] = builds;
    if (mine !== undefined && theirs !== undefined) console.log(`\nthis / reference, median busy time: ${(median(mine.busyMs) / median(theirs.busyMs)).toFixed(2)}×, median blocking time: ${(median(mine.blockingMs) / median(theirs.blockingMs)).toFixed(2)}×`);
  }
}

await main();
