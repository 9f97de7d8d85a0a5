import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LEVEL_RULES } from "../../shared/games/mahjong";
import { expectOk, TestClient } from "../support/client";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { PHONE } from "./seated";

/**
 * Mahjong++ in the browser: a player on a phone removes two pairs by tapping tiles (+10, then +20
 * for the second pair of the turn), then lets the clock run out and sees the turn pass. The easy
 * level's turn lasts 15 s (the engine's LEVEL_RULES, not shortened for the test), so this test
 * waits about that long. The opponent is a plain socket client that never moves.
 *
 * data-testids used here: create-mahjong, option-level, create-room, nickname-input, claim-<seat>,
 * start-game, mahjong-board, tile-<id>[data-free, data-family], mahjong-score-<seat>[data-score],
 * mahjong-last-move[data-points], next-pair[data-points, data-pairs], mahjong-turn[data-seat],
 * mahjong-clock-<seat>[data-active, data-seconds], shuffle-button, room-status[data-move-number];
 * the tutorial: mahjong-tab-tutorial, mahjong-tutorial[data-step], tutorial-next, tutorial-tile-<id>,
 * tutorial-feedback, tutorial-score[data-score], tutorial-shuffle.
 */
const hasBrowser = browserAvailable("Mahjong++ browser test");
const SHOTS = path.resolve("test-results");

const moveNumber = async (page: Page): Promise<number> => Number(await page.getByTestId("room-status").getAttribute("data-move-number"));

/** Two free tiles of one family, as the board shows them (data-free, data-family). */
async function freePair(page: Page): Promise<[string, string] | null> {
  const tiles = page.locator('[data-testid^="tile-"][data-free="true"]');
  const byFamily = new Map<string, string>();
  for (let i = 0; i < (await tiles.count()); i++) {
    const tile = tiles.nth(i);
    const family = (await tile.getAttribute("data-family")) ?? "";
    const id = (await tile.getAttribute("data-testid")) ?? "";
    if (family === "") continue;
    const other = byFamily.get(family);
    if (other !== undefined) return [other, id];
    byFamily.set(family, id);
  }
  return null;
}

/** Taps a free pair (shuffling first while none is free) and waits for the score to change. */
async function removePair(page: Page): Promise<void> {
  for (let attempt = 0; attempt < 4; attempt++) {
    const pair = await freePair(page);
    if (pair !== null) {
      const before = await moveNumber(page);
      await page.getByTestId(pair[0]).click();
      await expect.poll(() => page.getByTestId(pair[0]).getAttribute("data-selected")).toBe("true");
      await page.getByTestId(pair[1]).click();
      await expect.poll(() => moveNumber(page)).toBe(before + 2);
      return;
    }
    const before = await moveNumber(page);
    await page.getByTestId("shuffle-button").click();
    await expect.poll(() => moveNumber(page)).toBeGreaterThan(before);
  }
  throw new Error("no free pair even after shuffling");
}

describe.skipIf(!hasBrowser)("Mahjong++ in the browser", () => {
  const sockets: TestClient[] = [];
  const env = useBrowserAndServer({}, () => {
    for (const socket of sockets) socket.close();
  });

  it("removes pairs by tapping tiles (10, then 20) and the clock passes the turn", async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(env.server.url);
    await page.getByTestId("create-mahjong").click();
    await page.getByTestId("option-level").waitFor(); // the level choice; easy is the default
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    const roomId = decodeURIComponent(new URL(page.url()).pathname.split("/")[2] ?? "");

    // Bob plays from another device (a socket): he takes seat 1 and never moves.
    const bob = await TestClient.connect(env.server.url);
    sockets.push(bob);
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" }));
    await expect.poll(() => page.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");

    await page.getByTestId("start-game").click();
    const board = page.getByTestId("mahjong-board");
    await board.waitFor();
    expect(await board.getAttribute("data-level")).toBe("easy");
    expect((await page.getByTestId("mahjong-meta").textContent())?.replace(/\s+/gu, " ").trim()).toBe("Board: Easy · 36 of 36 tiles left");
    expect(await page.locator('[data-testid^="tile-"]').count()).toBe(36);
    // The Tab key goes from free tile to free tile: the covered ones (most of the board) are out of its way.
    const tabStops = page.locator('[data-testid^="tile-"]:not([tabindex="-1"])');
    expect(await tabStops.count()).toBe(await page.locator('[data-testid^="tile-"][data-free="true"]').count());
    expect(await tabStops.evaluateAll((tiles) => tiles.every((tile) => tile.getAttribute("data-free") === "true"))).toBe(true);
    expect(await tabStops.count()).toBeLessThan(36);
    expect(await page.getByTestId("mahjong-turn").getAttribute("data-seat")).toBe("0");
    expect(await page.getByTestId("next-pair").getAttribute("data-points")).toBe("10");

    // First pair of the turn: +10.
    await removePair(page);
    await expect.poll(() => page.getByTestId("mahjong-score-0").getAttribute("data-score")).toBe("10");
    expect(await page.getByTestId("mahjong-last-move").getAttribute("data-points")).toBe("10");
    expect(await page.getByTestId("next-pair").getAttribute("data-points")).toBe("20");
    expect(await page.getByTestId("mahjong-score-0").textContent()).toContain("10");

    // Second pair of the same turn: +20, so 30 in all.
    await removePair(page);
    await expect.poll(() => page.getByTestId("mahjong-last-move").getAttribute("data-points")).toBe("20");
    expect(await page.getByTestId("mahjong-score-0").getAttribute("data-score")).toBe("30");
    expect(await page.getByTestId("next-pair").getAttribute("data-points")).toBe("40");
    expect(await page.locator('[data-testid^="tile-"]').count()).toBe(32);

    // The countdown runs on Alice's ring, not on Bob's.
    const aliceClock = page.getByTestId("mahjong-clock-0");
    expect(await aliceClock.getAttribute("data-active")).toBe("true");
    const seconds = Number(await aliceClock.getAttribute("data-seconds"));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(LEVEL_RULES.easy.turnMs / 1000);
    expect(await page.getByTestId("mahjong-clock-1").getAttribute("data-active")).toBe("false");
    await page.screenshot({ path: path.join(SHOTS, "mahjong-phone.png"), fullPage: true });

    // Nobody ends the turn: the ring turns red for the last seconds, then the server's clock passes
    // the turn to Bob, and the pair counter starts again.
    await expect.poll(() => aliceClock.getAttribute("data-low"), { timeout: LEVEL_RULES.easy.turnMs }).toBe("true");
    await expect.poll(() => page.getByTestId("mahjong-turn").getAttribute("data-seat"), { timeout: LEVEL_RULES.easy.turnMs + 10_000 }).toBe("1");
    expect(await page.getByTestId("mahjong-clock-1").getAttribute("data-active")).toBe("true");
    expect(await aliceClock.getAttribute("data-active")).toBe("false");
    expect(await page.getByTestId("next-pair").getAttribute("data-points")).toBe("10");
    expect(await page.getByTestId("mahjong-score-0").getAttribute("data-score")).toBe("30");
    const passed = await bob.waitFor((s) => s.log.some((entry) => entry.summary.type === "timeout"));
    expect(passed.currentSeats).toEqual([1]);
    // The log names the player, not a seat number, and uses no "a" before a vowel (issue 18); the
    // moves are sentences with the tiles drawn (issue 34).
    const clockRow = page.getByTestId("move-history").locator("li", { hasText: "Time ran out" });
    await expect.poll(() => clockRow.first().innerText()).toMatch(/Time ran out for Alice$/u);
    const history = (await page.getByTestId("move-history").innerText()) ?? "";
    expect(history).toContain("Alice picked a tile");
    expect(history).toMatch(/Alice removed a pair of tiles\s+for 10 points/u);
    expect(history).not.toMatch(/player \d|\ba [aeiou]/u);

    // Tapping a tile when it is not your turn says so, and sends nothing.
    const before = await moveNumber(page);
    await page.locator('[data-testid^="tile-"][data-free="true"]').first().click();
    await expect.poll(() => page.getByTestId("mahjong-notice").getAttribute("data-key")).toBe("games.mahjong.errors.NOT_YOUR_TURN");
    expect(await moveNumber(page)).toBe(before);

    await page.setViewportSize({ width: 1200, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, "mahjong-desktop.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("walks through the tutorial from the rules page", async () => {
    const context = await env.browser.newContext(PHONE);
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${env.server.url}/rules/mahjong`);
    // The families' legend: each picture drawn as SVG shapes (its markup is inserted as text), visibly.
    await page.getByTestId("mahjong-rules").waitFor();
    const legend = await page.locator('[data-testid="mahjong-rules"] .families svg[data-art]').evaluateAll((arts) =>
      arts.map((art) => ({ shapes: [...art.children].filter((shape) => shape.namespaceURI === "http://www.w3.org/2000/svg").length, area: ((box) => box.width * box.height)((art as unknown as { getBBox(): { width: number; height: number } }).getBBox()) })),
    );
    expect(legend).toHaveLength(15);
    for (const art of legend) expect(art.shapes > 0 && art.area > 100).toBe(true);
    await page.getByTestId("mahjong-tab-tutorial").click();
    // The tutorial's tiles are pictures that loaded (one image per tile, made once per kind of tile).
    await expect.poll(() => page.locator("img.tile-art").evaluateAll((images) => images.length > 0 && images.every((image) => (image as unknown as { complete: boolean }).complete && (image as unknown as { naturalWidth: number }).naturalWidth > 0))).toBe(true);
    const tutorial = page.getByTestId("mahjong-tutorial");
    expect(await tutorial.getAttribute("data-step")).toBe("welcome");
    await page.getByTestId("tutorial-next").click();
    expect(await tutorial.getAttribute("data-step")).toBe("free");
    await page.getByTestId("tutorial-tile-1").click({ position: { x: 6, y: 10 } }); // its corner that the top tile leaves visible
    await expect.poll(() => page.getByTestId("tutorial-feedback").textContent()).toContain("couverte");
    await page.getByTestId("tutorial-tile-3").click(); // blocked by its left and right neighbours
    await expect.poll(() => page.getByTestId("tutorial-feedback").textContent()).toContain("gauche et à droite");
    await page.getByTestId("tutorial-next").click();
    // The scripted pairs: dates (+10), mint teas (+20), tajines (+40).
    for (const [a, b] of [[9, 0], [4, 8], [1, 3]] as const) {
      await page.getByTestId(`tutorial-tile-${a}`).click();
      await page.getByTestId(`tutorial-tile-${b}`).click();
      if (a === 9) {
        expect(await page.getByTestId("tutorial-score").getAttribute("data-score")).toBe("10");
        await page.getByTestId("tutorial-next").click();
      }
    }
    expect(await page.getByTestId("tutorial-score").getAttribute("data-score")).toBe("70");
    await page.screenshot({ path: path.join(SHOTS, "mahjong-tutorial.png"), fullPage: true });
    await page.getByTestId("tutorial-next").click();
    expect(await tutorial.getAttribute("data-step")).toBe("timer");
    await page.getByTestId("tutorial-next").click();
    await page.getByTestId("tutorial-shuffle").click();
    expect(await page.getByTestId("tutorial-tile-0").getAttribute("data-family")).toBe(await page.getByTestId("tutorial-tile-3").getAttribute("data-family"));
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
