import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import type { Page } from "playwright-core";
import { PHONE } from "./seated";

const SHOTS = "test-results/load-failed";

/**
 * A page's or a game's code that does not arrive (the phone's signal lost as it loaded) is said,
 * with a way to try again, instead of a blank page or a room without its board. The service worker
 * is blocked so that the test's network, not its cache, decides what arrives.
 */
describe.runIf(browserAvailable("load-failed.test.ts"))("code that did not arrive", () => {
  const env = useBrowserAndServer();
  mkdirSync(SHOTS, { recursive: true });

  it("a page: said on the phone, and Retry loads it once the network is back", async () => {
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(env.server.url);
    await page.getByTestId("create-qwirkle").waitFor();
    await page.route("**/assets/Scores-*.js", (route) => route.abort("internetdisconnected"));
    await page.getByTestId("nav-scores").tap();
    await expect.poll(() => page.getByTestId("load-failed").textContent()).toContain("Impossible de charger cette page\u202f: vérifiez la connexion.");
    await page.screenshot({ path: `${SHOTS}/page-phone.png` });
    await page.unroute("**/assets/Scores-*.js");
    await page.getByTestId("load-retry").tap();
    await page.getByTestId("tab-leaderboard").waitFor();
    expect(await page.getByTestId("load-failed").count()).toBe(0);
    await context.close();
  });

  it("a game: the room says so where the board goes, and Retry brings the board", async () => {
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.goto(env.server.url);
    const chunkRequests = requestsFor(page, "/assets/qwirkle-");
    await page.route("**/assets/qwirkle-*.js", (route) => route.abort("internetdisconnected"));
    await page.getByTestId("demo-qwirkle").tap();
    await expect.poll(() => page.getByTestId("load-failed").textContent(), { timeout: 10_000 }).toContain("Impossible de charger le jeu\u202f: vérifiez la connexion.");
    await page.screenshot({ path: `${SHOTS}/game-phone.png` });
    await page.unroute("**/assets/qwirkle-*.js");
    chunkRequests.push("Retry tapped");
    await page.getByTestId("load-retry").tap();
    await page.getByTestId("board").waitFor().catch((error: unknown) => {
      throw new Error(`${String(error)}\nThe game's chunk: ${chunkRequests.join(", ")}`);
    });
    expect(await page.getByTestId("load-failed").count()).toBe(0);
    await context.close();
  });

  it("a replay reached from the score list: the same, where its board goes", async () => {
    const response = await fetch(`${env.server.url}/api/demo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: "halma" }) });
    const { roomId } = (await response.json()) as { roomId: string };
    await expect.poll(async () => (await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } })).status, { timeout: 90_000, interval: 200 }).toBe("finished");
    const { replayId } = await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    const context = await env.browser.newContext({ ...PHONE, serviceWorkers: "block" });
    const page = await context.newPage();
    await page.route("**/assets/halma-*.js", (route) => route.abort("internetdisconnected"));
    await page.goto(`${env.server.url}/replay/${replayId}`);
    await expect.poll(() => page.getByTestId("load-failed").textContent(), { timeout: 10_000 }).toContain("Impossible de charger le jeu");
    await page.unroute("**/assets/halma-*.js");
    await page.getByTestId("load-retry").tap();
    await page.getByTestId("replay-board").waitFor();
    await context.close();
  });
});

/** Each request for an address containing `part`, how it ended, in order: what a failure's message shows. */
function requestsFor(page: Page, part: string): string[] {
  const seen: string[] = [];
  const name = (url: string): string => url.slice(url.lastIndexOf("/") + 1);
  page.on("request", (request) => {
    if (request.url().includes(part)) seen.push(`${request.method()} ${name(request.url())} (${request.resourceType()})`);
  });
  page.on("requestfailed", (request) => {
    if (request.url().includes(part)) seen.push(`failed: ${request.failure()?.errorText ?? "?"}`);
  });
  page.on("response", (response) => {
    if (response.url().includes(part)) seen.push(`answered ${response.status()}`);
  });
  return seen;
}
