import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { haproxyAvailable, startHaproxy, type RunningHaproxy } from "../support/haproxy";
import { restartablePort } from "../support/ports";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";

/**
 * The database down for every replica, as players behind deploy/haproxy.cfg see it: a friend who
 * opens the invite link meanwhile gets the room from the replica that holds it, not the balancer's
 * bare 503, and is told why a seat cannot be taken just now; once the database is back, the same
 * tap seats them. HAProxy runs the deployed file (test/support/haproxy.ts) with app1 this test's
 * server, whose database goes through a proxy the test cuts, and app2 a replica that is down.
 * Screenshots: test-results/database-outage-*.png.
 */
const hasBrowser = browserAvailable("Database outage browser test");
const runnable = haproxyAvailable();
if (!runnable && process.env.CI) throw new Error("HAProxy is not installed: .ci/run installs Debian's haproxy package");

describe.skipIf(!hasBrowser || !runnable)("the database down for every replica", () => {
  const env = useBrowserAndServer({ databaseProxy: true, logLevel: "fatal" });
  let haproxy: RunningHaproxy;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    haproxy = await startHaproxy({ app1: env.server.url, app2: `http://127.0.0.1:${await restartablePort()}` });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await haproxy?.close();
  });

  async function phone(): Promise<Page> {
    const context = await env.browser.newContext(PHONE);
    contexts.push(context);
    return context.newPage();
  }

  it("a friend opening the link still gets the room, is told a seat cannot be taken now, and takes it once the database is back", async () => {
    const host = await phone();
    await host.goto(haproxy.url);
    await host.getByTestId("create-qwirkle").click();
    await host.getByTestId("create-room").click();
    await host.waitForURL(/\/r\/[A-Za-z0-9_-]+$/u);
    await host.getByTestId("nickname-input").fill("Alice");
    await host.getByTestId("claim-0").tap();
    await expect.poll(() => host.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    const link = await host.getByTestId("share-link").inputValue();

    const database = env.server.proxy!;
    const friend = await phone();
    database.cut();
    try {
      // HAProxy has taken app1 out of the replicas that reach the database (two failed /healthz).
      await expect.poll(() => haproxy.output(), { timeout: 15_000 }).toMatch(/Server app\/app1 is DOWN/u);
      const answer = await friend.goto(link);
      expect(answer?.status()).toBe(200);
      await friend.getByTestId("nickname-input").fill("Bruno");
      await friend.getByTestId("claim-1").tap();
      await expect.poll(() => friend.getByTestId("error-message").textContent()).toMatch(/^Le serveur est momentanément indisponible\s;\srien n’a changé\. Réessayez dans un instant\./u);
      expect(await friend.getByTestId("seat-1").getAttribute("data-kind")).not.toBe("human");
      await friend.screenshot({ path: "test-results/database-outage-friend-phone.png" });
      for (const [size, viewport] of [["sideways", SIDEWAYS.viewport], ["laptop", LAPTOP.viewport]] as const) {
        await friend.setViewportSize(viewport);
        await friend.screenshot({ path: `test-results/database-outage-friend-${size}.png` });
      }
    } finally {
      database.restore();
    }
    await expect.poll(() => haproxy.output(), { timeout: 15_000 }).toMatch(/Server app\/app1 is UP/u);
    await friend.getByTestId("claim-1").tap(); // the same tap, now that the database answers
    await expect.poll(() => friend.getByTestId("seat-1").getAttribute("data-kind"), { timeout: 10_000 }).toBe("human");
    await expect.poll(() => host.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");
  });
});
