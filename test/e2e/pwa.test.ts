import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTcpProxy, type TcpProxy } from "../support/tcpProxy";
import { browserAvailable, CHROMIUM_ARGS, CHROMIUM_PATH, useBrowserAndServer } from "./browser";
import { gotoSeated, roomTool, startedRoom } from "./seated";

/**
 * The installable app in Chromium at phone size (issue 31): no installability errors and the Apple
 * tags; the service worker's offline shell when the server cannot be reached ("Offline —
 * reconnecting…", in English and French), the page coming back by itself with the server; a new
 * build picked up on the next load, its worker dropping the old shell, and an old tab reloading
 * once when a chunk it asks for is gone. The browser reaches the
 * server through a TCP proxy the test cuts, and the server serves a copy of dist/client the test
 * changes as a deploy would. Screenshots: test-results/pwa-*.png.
 */
const hasBrowser = browserAvailable("Installable app browser test");

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } as const;
const LAPTOP = { width: 1280, height: 800 } as const;
const IPHONE_SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

// A copy of the build, served instead of dist/client: the last test deploys a "new build" into it.
const builtClient = fileURLToPath(new URL("../../dist/client", import.meta.url));
const clientDir = mkdtempSync(path.join(tmpdir(), "tablee-pwa-client-"));
cpSync(builtClient, clientDir, { recursive: true });
const scratch = [clientDir]; // removed after the tests

/** The page's globals this test reads (it compiles without DOM types). */
type PageGlobals = {
  navigator: { serviceWorker: { controller: { scriptURL: string } | null } };
  caches: { keys(): Promise<string[]> };
};

const workerControls = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).navigator.serviceWorker.controller !== null);
const cacheNames = (page: Page) => page.evaluate(() => (globalThis as unknown as PageGlobals).caches.keys());

/** The build version written into sw.js (client/build/pwaShell.ts). */
function workerVersion(): string {
  const version = /^const BUILD = \{"version":"([^"]+)"/mu.exec(readFileSync(path.join(clientDir, "sw.js"), "utf8"))?.[1];
  if (version === undefined) throw new Error("sw.js has no build version");
  return version;
}

/** Rewrites a built file and its precompressed copies, as a new build would leave them. */
function deploy(file: string, change: (text: string) => string): void {
  const target = path.join(clientDir, file);
  const text = change(readFileSync(target, "utf8"));
  writeFileSync(target, text);
  writeFileSync(`${target}.br`, brotliCompressSync(text));
  writeFileSync(`${target}.gz`, gzipSync(text));
}

describe.skipIf(!hasBrowser)("Tablée as an installed app", () => {
  const env = useBrowserAndServer({ clientDir }, () => {
    for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
  });
  let proxy: TcpProxy;
  let origin: string;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    proxy = await startTcpProxy("127.0.0.1", Number(new URL(env.server.url).port));
    origin = `http://127.0.0.1:${proxy.port}`;
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await proxy?.close();
  });

  async function phone(locale: string, extra: object = {}): Promise<Page> {
    const context = await env.browser.newContext({ ...PHONE, locale, ...extra });
    contexts.push(context);
    return context.newPage();
  }

  /** The user's way to a room: the home page, a game's "Create a room", the form's button. */
  async function createRoomByClicks(page: Page): Promise<string> {
    await page.goto(origin);
    await page.getByTestId("create-qwirkle").click();
    await page.getByTestId("create-room").click();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]+$/u);
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 15_000 }).toBe(1);
    return page.url();
  }

  it("is installable on a phone, with the Apple Home Screen tags", async () => {
    // A browser profile of its own: Chromium never offers to install from an incognito context
    // (what newContext makes), so this one is a persistent context, as a person's browser is.
    const profile = mkdtempSync(path.join(tmpdir(), "tablee-pwa-profile-"));
    scratch.push(profile);
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, ...PHONE, locale: "en-GB" });
    contexts.push(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(origin);
    const cdp = await page.context().newCDPSession(page);
    await expect.poll(async () => ((await cdp.send("Page.getAppManifest")).url ?? ""), { timeout: 15_000 }).toBe(`${origin}/manifest.en.webmanifest`);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { data, errors } = await cdp.send("Page.getAppManifest");
    expect(errors).toEqual([]);
    expect(JSON.parse(data ?? "null")).toMatchObject({ name: "Tablée", display: "standalone", lang: "en" });

    const head = await page.evaluate(() => {
      const doc = (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document;
      const attribute = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name) ?? null;
      return {
        appleIcon: attribute('link[rel="apple-touch-icon"]', "href"),
        capable: attribute('meta[name="apple-mobile-web-app-capable"]', "content"),
        mobileCapable: attribute('meta[name="mobile-web-app-capable"]', "content"),
        statusBar: attribute('meta[name="apple-mobile-web-app-status-bar-style"]', "content"),
        title: attribute('meta[name="apple-mobile-web-app-title"]', "content"),
        themeColor: attribute('meta[name="theme-color"]', "content"),
      };
    });
    expect(head).toEqual({ appleIcon: "/icons/apple-touch-icon.png", capable: "yes", mobileCapable: "yes", statusBar: "default", title: "Tablée", themeColor: "#2f5d50" });
    const appleIcon = await page.request.get(`${origin}/icons/apple-touch-icon.png`);
    expect(appleIcon.headers()["content-type"]).toBe("image/png");

    // The worker registers by itself, on a plain visit, and precaches this build's shell only.
    await expect.poll(() => workerControls(page), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => cacheNames(page)).toEqual([`tablee-shell-${workerVersion()}`]);
  });

  it.each([
    ["en", "en-GB", "Offline — reconnecting…"],
    ["fr", "fr-FR", "Hors ligne — reconnexion…"],
  ])("says it is offline when the server cannot be reached (%s), and comes back by itself", async (language, locale, message) => {
    const page = await phone(locale);
    const room = await createRoomByClicks(page);
    await expect.poll(() => workerControls(page), { timeout: 15_000 }).toBe(true);

    proxy.cut();
    try {
      // The page may be navigating by itself already (its socket just lost the server): a reload
      // aborted by that is fine, what it lands on is checked below.
      await page.reload().catch((error: unknown) => {
        if (!String(error).includes("ERR_ABORTED")) throw error;
      });
      await expect.poll(() => page.getByTestId("offline-title").textContent()).toBe(message);
      expect(page.url()).toBe(room); // the same address: a reload there brings the room back
      expect(await page.getByTestId("nickname-input").count()).toBe(0);
      await page.screenshot({ path: `test-results/pwa-offline-phone-${language}.png` });
      await page.setViewportSize(LAPTOP);
      await page.screenshot({ path: `test-results/pwa-offline-laptop-${language}.png` });
      await page.setViewportSize(PHONE.viewport);
      // Still down after a few tries by itself: still the offline page, never the browser's error page.
      await new Promise((resolve) => setTimeout(resolve, 3_500));
      expect(await page.getByTestId("offline-title").textContent()).toBe(message);
      expect(proxy.refused).toBeGreaterThan(1);
    } finally {
      proxy.restore();
    }
    // Nobody touches the page: it finds the server again and shows the room.
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId("offline").count()).toBe(0);
    expect(page.url()).toBe(room);
  });

  it("says it is offline when the server accepts but does not answer (a barely working link), not a blank screen", async () => {
    const page = await phone("fr-FR");
    const room = await createRoomByClicks(page);
    await expect.poll(() => workerControls(page), { timeout: 15_000 }).toBe(true);
    proxy.freeze(); // connections accepted, nothing comes back
    try {
      const asked = Date.now();
      await page.reload({ timeout: 20_000 }).catch((error: unknown) => {
        if (!String(error).includes("ERR_ABORTED")) throw error;
      });
      await expect.poll(() => page.getByTestId("offline-title").textContent(), { timeout: 15_000 }).toBe("Hors ligne — reconnexion…");
      expect(Date.now() - asked).toBeLessThan(12_000); // the worker's wait (8 s), not the browser's own (minutes)
      expect(page.url()).toBe(room);
    } finally {
      proxy.restore();
    }
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 30_000 }).toBe(1);
  });

  it("explains the Home Screen when an iPhone's Safari tab asks for notifications", async () => {
    const page = await phone("fr-FR", { userAgent: IPHONE_SAFARI });
    await page.goto(origin);
    await page.getByTestId("nav-my-games").click();
    await page.getByTestId("device-push-toggle").click();
    const hint = page.getByTestId("device-push-error");
    await expect.poll(() => hint.getAttribute("data-failure")).toBe("homeScreen");
    expect(await hint.textContent()).toContain("Partager, puis «\u202fSur l’écran d’accueil\u202f»");
    expect(await page.getByTestId("device-push-toggle").getAttribute("data-state")).toBe("off");
    await page.screenshot({ path: "test-results/pwa-home-screen-phone-fr.png" });

    // The same from the table's bar, in a game (icons only, the tools two thirds of the way across):
    // the message stays on the screen, whole.
    const room = await startedRoom(origin);
    room.client.close();
    await gotoSeated(page, origin, room.roomId, { seat: room.alice });
    await (await roomTool(page, "device-push-toggle")).click();
    await expect.poll(() => hint.getAttribute("data-failure")).toBe("homeScreen");
    await page.screenshot({ path: "test-results/pwa-home-screen-room-phone-fr.png" });
    const box = await hint.boundingBox();
    expect(box && [box.x, box.x + box.width <= PHONE.viewport.width, box.y + box.height <= PHONE.viewport.height]).toEqual([expect.toSatisfy((x: number) => x >= 0), true, true]);
  });

  it("picks up a new build on the next load, its worker drops the old shell, and an old tab reloads for a replaced chunk", async () => {
    const page = await phone("en-GB");
    await createRoomByClicks(page);
    await expect.poll(() => workerControls(page), { timeout: 15_000 }).toBe(true);
    const before = workerVersion();
    await expect.poll(() => cacheNames(page)).toEqual([`tablee-shell-${before}`]);
    const marker = () => page.evaluate(() => (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document.querySelector('meta[name="tablee-build"]')?.getAttribute("content") ?? null);
    // A returning visitor: this load goes through the worker (a worker that kept pages would keep this one).
    await page.reload();
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 15_000 }).toBe(1);
    expect(await marker()).toBeNull();

    // The deploy: new pages (marked), and the worker of the new build (another version).
    const markPage = (html: string) => html.replace("<head>", '<head>\n    <meta name="tablee-build" content="next" />');
    // index.html, a room's own pages (this one: room-<its game>.html, client/build/roomPage.ts), each in every language.
    for (const file of readdirSync(clientDir).filter((name) => /^(index|room(-[a-z0-9-]+)?)(\.[a-z]{2})?\.html$/u.test(name))) deploy(file, markPage);
    deploy("offline.html", markPage);
    deploy("sw.js", (source) => source.replace(`"version":"${before}"`, `"version":"${before}-next"`));

    // One ordinary reload: the new page, straight from the server (the worker never answers with a cached page).
    await page.reload();
    expect(await marker()).toBe("next");
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 15_000 }).toBe(1);
    // Meanwhile the browser found the changed sw.js: the new worker takes over and drops the old shell.
    await expect.poll(() => cacheNames(page), { timeout: 15_000 }).toEqual([`tablee-shell-${before}-next`]);

    // Offline now: the new build's shell, not the old one.
    proxy.cut();
    try {
      // The page may be navigating by itself already (its socket just lost the server): a reload
      // aborted by that is fine, what it lands on is checked below.
      await page.reload().catch((error: unknown) => {
        if (!String(error).includes("ERR_ABORTED")) throw error;
      });
      await expect.poll(() => page.getByTestId("offline-title").textContent()).toBe("Offline — reconnecting…");
      expect(await marker()).toBe("next");
    } finally {
      proxy.restore();
    }
    await expect.poll(() => page.getByTestId("nickname-input").count(), { timeout: 30_000 }).toBe(1);

    // This tab, open since before the deploy, now asks for a page whose chunk the deploy replaced:
    // the import fails (404), the tab reloads once to get the new build's page, and does not loop
    // when the chunk is still missing (here the test removed it without a new index.html).
    const assets = path.join(clientDir, "assets");
    const scoresChunks = readdirSync(assets).filter((file) => /^Scores-[\w-]+\.js(\.br|\.gz)?$/u.test(file));
    expect(scoresChunks.length).toBeGreaterThan(0);
    for (const file of scoresChunks) rmSync(path.join(assets, file));
    let loads = 0;
    page.on("load", () => loads++);
    await page.getByTestId("nav-scores").click();
    await expect.poll(() => loads, { timeout: 15_000 }).toBe(1);
    expect(page.url()).toBe(`${origin}/scores`);
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(loads).toBe(1);
  });
});
