import { chromium } from "playwright-core";
import { openRoomInPlay } from "./bench/webRoom";
const base = "http://127.0.0.1:3100";
const game = process.argv[2] ?? "qwirkle";
const computers = Number(process.argv[3] ?? 1);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--remote-debugging-port=9333"] });
const url = await openRoomInPlay("http://127.0.0.1:9333", base, game, computers);
const context = browser.contexts()[0] ?? (await browser.newContext());
const page = await context.newPage();
await page.setViewportSize({ width: 412, height: 823 });
const cdp = await context.newCDPSession(page);
await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
await cdp.send("Profiler.enable");
await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
await cdp.send("Network.enable");
await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
await cdp.send("Profiler.start");
const t0 = Date.now();
await page.goto(url);
await page.locator('[data-testid="room-status"][data-status="playing"]').waitFor({ state: "attached" });
const tReady = Date.now() - t0;
await page.waitForTimeout(3000);
const { profile } = await cdp.send("Profiler.stop");
import { readFileSync } from "node:fs";
import { SourceMapConsumer } from "source-map-js";
const maps = new Map<string, any>();
function orig(url: string, line: number, col: number): string {
  const file = url.replace(/.*\/assets\//, "");
  if (!file.endsWith(".js")) return "";
  let c = maps.get(file);
  if (c === undefined) { try { c = new SourceMapConsumer(JSON.parse(readFileSync("dist/client/assets/" + file + ".map", "utf8"))); } catch { c = null; } maps.set(file, c); }
  if (!c) return "";
  const p = c.originalPositionFor({ line: line + 1, column: col });
  return `${(p.source ?? "?").replace(/.*node_modules\//, "nm:").replace(/^(\.\.\/)+/, "")}:${p.line} ${p.name ?? ""}`;
}
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
const self = new Map<string, number>();
const dt = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
  const n: any = byId.get(profile.samples[i]);
  const f = n.callFrame;
  const key = `${f.functionName || "(anon)"} ${f.url.replace(/.*\//, "")}:${f.lineNumber} ${orig(f.url, f.lineNumber, f.columnNumber)}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
}
// Busy stretches: consecutive non-idle samples, split on an idle gap over 4 ms.
{
  let t = 0, start = -1, lastBusy = -1; let cur = new Map<string, number>(); const tasks: { start: number; end: number; top: Map<string, number> }[] = [];
  for (let i = 0; i < profile.samples.length; i++) {
    t += (dt[i] ?? 0) / 1000;
    const n: any = byId.get(profile.samples[i]);
    const f = n.callFrame;
    const idle = f.functionName === "(idle)";
    if (!idle) {
      if (start < 0 || t - lastBusy > 4) { if (start >= 0) tasks.push({ start, end: lastBusy, top: cur }); start = t; cur = new Map(); }
      lastBusy = t;
      const o = orig(f.url, f.lineNumber, f.columnNumber);
      const key = o === "" ? `${f.functionName || "(anon)"}` : o;
      cur.set(key, (cur.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
    }
  }
  if (start >= 0) tasks.push({ start, end: lastBusy, top: cur });
  for (const task of tasks.filter((x) => x.end - x.start > 40)) {
    console.log(`task at ${task.start.toFixed(0)} ms for ${(task.end - task.start).toFixed(0)} ms:`, [...task.top].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k.replace(/^client\/src\//, "")} ${v.toFixed(0)}`).join(" | "));
  }
}
const byUrl = new Map<string, number>();
for (const [k, v] of self) { const o = k.split(" ")[2] ?? ""; const u = o === "" ? "(native)" : o.startsWith("nm:") ? o.replace(/^(nm:(@[^/]+\/)?[^/]+).*/, "$1") : o.split("/").slice(0, 3).join("/"); byUrl.set(u, (byUrl.get(u) ?? 0) + v); }
console.log("ready after", tReady, "ms");
console.log([...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join("\n"));
console.log("---");
console.log([...self].filter(([k]) => !k.startsWith("(idle)")).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(0).padStart(6)} ${k}`).join("\n"));
await browser.close();
