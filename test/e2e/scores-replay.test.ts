import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { PHONE } from "./seated";

/**
 * After the game: the home page's demo (two computers, no pause in tests) plays to the end; its two
 * results appear in Scores, the room in My games as finished, and its replay steps to the last move.
 *
 * data-testids used here (all new):
 *   demo-<gameId> (home page game card), speed-control, room-status[data-status],
 *   nav-scores, score-row[data-replay], tab-leaderboard, leaderboard-row,
 *   nav-my-games, my-game-<roomId>[data-status], my-game-replay,
 *   replay-board, replay-first, replay-last, replay-prev, replay-next, replay-position[data-position][data-last],
 *   replay-seat-<seat>, hand-tile-<i> (the chosen seat's hand, read-only), history-<moveNumber>.
 */
const hasBrowser = browserAvailable("Scores and replay browser test");
const SCREENSHOT = path.resolve("test-results", "replay.png");

describe.skipIf(!hasBrowser)("scores, my games and replays", () => {
  const env = useBrowserAndServer();

  it("finds a finished demo game in Scores and My games, and replays it", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(env.server.url);
    await page.getByTestId("demo-qwirkle").click();
    await page.waitForURL(/\/r\/[A-Za-z0-9_-]{16,}$/u);
    const roomId = new URL(page.url()).pathname.split("/")[2] ?? "";
    // The creator watches: the speed control is there while the computers play (they may already be done).
    await expect
      // The room's tools come after the board's first paint: on a loaded machine past the poll's default second.
      .poll(async () => (await page.getByTestId("speed-control").count()) > 0 || (await page.getByTestId("game-over").count()) > 0, { timeout: 15_000 })
      .toBe(true);
    await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 90_000 }).toBe("finished");
    await page.getByTestId("game-over").waitFor();

    // Scores: the room's two rows (one per seat), newest first, named by the replay's public name.
    await page.getByTestId("nav-scores").click();
    const { replayId } = await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    const rows = page.locator(`[data-testid="score-row"][data-replay="${replayId}"]`);
    await expect.poll(() => rows.count()).toBe(2);
    expect(await page.content()).not.toContain(roomId); // the table's link stays with those who had it
    // A stranger follows the score list's replay link: the game, step by step, and no way into the room.
    const stranger = await env.browser.newContext(PHONE);
    const strangerPage = await stranger.newPage();
    await strangerPage.goto(`${env.server.url}/scores`);
    const replayLink = strangerPage.locator(`[data-testid="score-row"][data-replay="${replayId}"] a`).first();
    expect((await replayLink.boundingBox())?.height, "the replay link's height on a phone").toBeGreaterThanOrEqual(44);
    await replayLink.tap();
    await strangerPage.getByTestId("replay-board").waitFor();
    expect(new URL(strangerPage.url()).pathname).toBe(`/replay/${replayId}`);
    expect(await strangerPage.content()).not.toContain(roomId);
    await strangerPage.screenshot({ path: "test-results/scores-public-replay-phone.png" });
    await stranger.close();
    await page.getByTestId("tab-leaderboard").click();
    // Only computers played: the leaderboard lists people unless asked to include computers.
    await page.getByTestId("leaderboard-computers").check();
    await expect.poll(() => page.getByTestId("leaderboard-row").count()).toBeGreaterThan(0);

    // My games: the demo's creator token lists it, finished.
    await page.getByTestId("nav-my-games").click();
    const card = page.getByTestId(`my-game-${roomId}`);
    await card.waitFor();
    expect(await card.getAttribute("data-status")).toBe("finished");
    await card.getByTestId("my-game-replay").click();

    // The replay, rebuilt in the browser: step to the end, look at a hand, step back and forth.
    await page.getByTestId("replay-board").waitFor();
    const position = page.getByTestId("replay-position");
    expect(await position.getAttribute("data-position")).toBe("0");
    await page.getByTestId("replay-last").click();
    const last = Number(await position.getAttribute("data-last"));
    expect(last).toBeGreaterThanOrEqual(2); // the demo is quick: it can end blocked after a few placements (1 in 250 within five moves)
    await expect.poll(() => position.getAttribute("data-position")).toBe(String(last));
    await page.getByTestId(`history-${last}`).waitFor();
    await page.getByTestId("replay-prev").click();
    await expect.poll(() => position.getAttribute("data-position")).toBe(String(last - 1));
    await page.getByTestId("replay-next").click();
    await expect.poll(() => position.getAttribute("data-position")).toBe(String(last));
    await page.getByTestId("replay-seat-1").click();
    await page.getByTestId("replay-first").click();
    await expect.poll(() => page.locator('[data-testid^="hand-tile-"]').count()).toBe(6); // the deal: six tiles each
    await page.getByTestId("replay-last").click();

    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
    expect(await page.getByTestId("error-message").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
