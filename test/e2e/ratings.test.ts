import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { AxeLog } from "./axe";
import { addPasskeyDevice } from "./passkeyDevice";
import { playQwirkleInPages } from "./qwirkleInPages";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";

/**
 * Ratings (issue 35), as two people meet them: Ann on a laptop and Ben on a phone each keep their
 * games with a profile (a passkey of Chromium's virtual authenticator), play a quick Qwirkle to its
 * end through the page (typed notation, the exchange dialog, the pass button), then find the game
 * and their rating on the profile page, and both of them on the leaderboards, everyone and friends.
 *
 * data-testids: profile-name, profile-create, profile-signed-in, create-qwirkle, option-mode,
 *   create-room, share-link, nickname-input, claim-<seat>, start-game, room-status[data-status,
 *   data-move-number], notation-input, notation-submit, exchange-open, exchange-tile-<i>,
 *   exchange-confirm, pass, profile-stats, stats-game, stats-rating, rating-chart, recent-game,
 *   recent-replay, stats-leaderboard, leaderboards-game, rating-leaderboard, rating-row[data-you],
 *   leaderboards-everyone, leaderboards-friends, scores-leaderboards.
 */
const SHOTS = "test-results/ratings";

/** A person on a device who makes a profile in one tap. */
async function personWithProfile(env: ReturnType<typeof useBrowserAndServer>, site: string, size: typeof LAPTOP | typeof PHONE, name: string) {
  const context = await env.browser.newContext(size);
  const page = await context.newPage();
  await addPasskeyDevice(context, page);
  await page.goto(`${site}/profile`);
  await page.getByTestId("profile-name").fill(name);
  await page.getByTestId("profile-create").click();
  await expect.poll(() => page.getByTestId("profile-signed-in").textContent(), { timeout: 15_000 }).toContain(name);
  return { context, page };
}

const roomStatus = (page: Page) => page.getByTestId("room-status").getAttribute("data-status");

describe.runIf(browserAvailable("ratings.test.ts"))("ratings: a game between two profiles, their profile pages and the leaderboards", () => {
  // One rated game is enough to be listed here (3 on a real server): the test plays one.
  const env = useBrowserAndServer({ minGamesListed: 1 });
  mkdirSync(SHOTS, { recursive: true });

  it("two profiles finish a game; the profile page shows the rating and the game; the leaderboards list both", async () => {
    const site = env.server.url.replace("127.0.0.1", "localhost"); // WebAuthn wants a domain
    const axe = new AxeLog();
    const ann = await personWithProfile(env, site, LAPTOP, "Ann");
    const ben = await personWithProfile(env, site, PHONE, "Ben");

    // Ann makes a quick Qwirkle table and sits; Ben opens her link and sits; she starts.
    await ann.page.goto(site);
    await ann.page.getByTestId("create-qwirkle").click();
    await ann.page.getByTestId("option-mode").locator('input[value="quick"]').check();
    await ann.page.getByTestId("create-room").click();
    const shareLink = ann.page.getByTestId("share-link");
    await expect.poll(() => shareLink.inputValue()).toMatch(/\/r\/[A-Za-z0-9_-]{16,}$/u);
    const roomId = (await shareLink.inputValue()).split("/r/")[1]!;
    await ann.page.getByTestId("nickname-input").fill("Ann");
    await ann.page.getByTestId("claim-0").click();
    await ben.page.goto(`${site}/r/${roomId}`);
    await ben.page.getByTestId("nickname-input").fill("Ben");
    await ben.page.getByTestId("claim-1").click();
    await expect.poll(() => ann.page.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");
    await ann.page.getByTestId("start-game").click();
    for (const person of [ann, ben]) await expect.poll(() => roomStatus(person.page), { timeout: 15_000 }).toBe("playing");

    // Each move made in the page of the person whose turn it is.
    await playQwirkleInPages(env.server.url, roomId, [ann.page, ben.page]);
    for (const person of [ann, ben]) await expect.poll(() => roomStatus(person.page), { timeout: 15_000 }).toBe("finished");

    // Ann's profile page: her rating in Qwirkle with its chart, one game played, and the game with its replay.
    for (const [person, size] of [[ann, "1280x800"], [ben, "390x844"]] as const) {
      const { page } = person;
      await page.goto(`${site}/profile`);
      const game = page.getByTestId("stats-game").filter({ has: page.getByTestId("stats-rating") });
      await expect.poll(() => game.count(), { timeout: 15_000 }).toBe(1);
      expect(await game.getAttribute("data-game")).toBe("qwirkle");
      expect(Number(await game.getByTestId("stats-rating").textContent())).not.toBe(1500);
      expect(await game.getByTestId("rating-chart").locator("svg").getAttribute("aria-label")).toMatch(/\d/u);
      expect(await page.getByTestId("recent-game").count()).toBe(1);
      // The rating's change says it is the rating's ("−44 pts" read as the game's points).
      expect((await page.getByTestId("recent-change").textContent())?.trim()).toMatch(/^(rating|cote) [+−±]\d+$/u);
      expect(await page.getByTestId("recent-replay").getAttribute("href")).toBe(`/r/${roomId}/replay`);
      expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
      await axe.check(page, `profile page ${size}`);
      await page.screenshot({ path: `${SHOTS}/profile-${size}.png`, fullPage: true });
    }

    // The leaderboards, from the profile page (its game's own link): everyone lists both, my own line highlighted.
    for (const [person, me, size] of [[ann, "Ann", "1280x800"], [ben, "Ben", "390x844"]] as const) {
      const { page } = person;
      await page.getByTestId("stats-leaderboard").click();
      await expect.poll(() => page.evaluate("location.pathname + location.search")).toBe("/leaderboards?game=qwirkle");
      await expect.poll(() => page.getByTestId("leaderboards-game").inputValue()).toBe("qwirkle");
      await expect.poll(() => page.getByTestId("rating-row").count(), { timeout: 15_000 }).toBe(2);
      const rows = page.getByTestId("rating-row");
      expect((await rows.allTextContents()).map((text) => text.match(/Ann|Ben/u)?.[0]).sort()).toEqual(["Ann", "Ben"]);
      expect(await page.locator('[data-testid="rating-row"][data-you="true"]').textContent()).toContain(me);
      expect(await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
      await axe.check(page, `leaderboard (everyone) ${size}`);
      await page.screenshot({ path: `${SHOTS}/leaderboard-everyone-${size}.png`, fullPage: true });
    }

    // Among friends: Ann asks Ben from "Played with" on her profile page, Ben accepts on his.
    for (const { page } of [ann, ben]) await page.getByTestId("nav-profile").click();
    await ann.page.getByTestId("friends-played-with").getByRole("button", { name: "Add as a friend: Ben" }).click();
    const incoming = ben.page.getByTestId("friends-incoming");
    await expect.poll(() => incoming.textContent(), { timeout: 15_000 }).toContain("Ann");
    await incoming.getByRole("button", { name: /^Accepter/u }).click();
    await expect.poll(() => ben.page.getByTestId("friends-list").textContent(), { timeout: 15_000 }).toContain("Ann");
    for (const { page } of [ann, ben]) await page.getByTestId("profile-leaderboards").click();
    for (const [person, size] of [[ann, "1280x800"], [ben, "390x844"]] as const) {
      const { page } = person;
      await page.getByTestId("leaderboards-friends").click();
      await expect.poll(() => page.getByTestId("rating-leaderboard").count(), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => page.getByTestId("rating-row").count()).toBe(2);
      await axe.check(page, `leaderboard (friends) ${size}`);
      await page.screenshot({ path: `${SHOTS}/leaderboard-friends-${size}.png`, fullPage: true });
    }
    // The phone held sideways.
    await ben.page.setViewportSize(SIDEWAYS.viewport);
    expect(await ben.page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
    await ben.page.screenshot({ path: `${SHOTS}/leaderboard-friends-844x390.png`, fullPage: true });
    await ben.page.goto(`${site}/profile`);
    await ben.page.getByTestId("rating-chart").waitFor();
    await ben.page.screenshot({ path: `${SHOTS}/profile-844x390.png`, fullPage: true });

    // The scores page leads to the leaderboards too.
    await ann.page.goto(`${site}/scores`);
    await ann.page.getByTestId("scores-leaderboards").click();
    await ann.page.getByTestId("rating-leaderboard").waitFor();
    await expect.poll(() => ann.page.evaluate("location.pathname")).toBe("/leaderboards");
    axe.expectNone();
    await ann.context.close();
    await ben.context.close();
  });
});
