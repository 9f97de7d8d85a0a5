import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, moveNumber, playSomething, readHand, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";

/**
 * Pass-and-play: two players share one page. After each move a privacy screen asks to pass the
 * device, and while it is up no hand is in the DOM at all (not merely hidden).
 *
 * data-testids used here (new ones marked *):
 *   create-qwirkle, create-room, nickname-input, claim-<seat>, seat-<seat>, start-game,
 *   *add-local-player (lobby: seat another player on this device),
 *   *privacy-screen, *privacy-ready (the full-screen "Pass the device to …" and its tap target),
 *   hand-tile-<i>, cell-<row>-<col>, move-preview, confirm-move, exchange-*,
 *   *room-status[data-move-number], *pause-game, *paused-banner, *resume-game (creator's save/resume).
 */
const hasBrowser = browserAvailable("Pass-and-play browser test");
const FIRST = { row: 5, col: 12 };

const handTiles = (page: Page) => page.locator('[data-testid^="hand-tile-"]');

/** Waits for the privacy screen and returns whose name it shows. */
async function curtainName(page: Page, names: readonly string[]): Promise<string> {
  await page.getByTestId("privacy-screen").waitFor();
  const text = (await page.getByTestId("privacy-screen").textContent()) ?? "";
  const name = names.find((n) => text.includes(`Pass the device to ${n}`));
  if (name === undefined) throw new Error(`unexpected privacy screen: ${text}`);
  return name;
}

describe.skipIf(!hasBrowser)("pass-and-play on one device", () => {
  const env = useBrowserAndServer();

  it("hides every hand between two local players' turns", async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(env.server.url);
    await page.getByTestId("create-qwirkle").click();
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");

    // The second player of this device.
    await page.getByTestId("add-local-player").click();
    await page.getByTestId("nickname-input").fill("Bob");
    await page.getByTestId("claim-1").click();
    await expect.poll(() => page.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");
    expect(await page.getByTestId("seat-1").textContent()).toContain("Bob");
    // Both tokens are kept, in the order they were claimed.
    const stored = await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: Record<string, string> & { getItem(key: string): string | null } }).localStorage;
      return Object.keys(storage).filter((k) => k.startsWith("tablee:seats:")).map((k) => storage.getItem(k));
    });
    expect(JSON.parse(stored[0] ?? "[]")).toHaveLength(2);

    await page.getByTestId("start-game").click();
    await page.getByTestId("board").waitFor();

    // Whoever starts, the device must first be handed to them: no hand before the tap.
    const first = await curtainName(page, ["Alice", "Bob"]);
    const second = first === "Alice" ? "Bob" : "Alice";
    expect(await handTiles(page).count()).toBe(0);
    await page.getByTestId("privacy-ready").click();
    await expect.poll(() => handTiles(page).count()).toBe(6);
    const firstHand = await readHand(page);
    const opening = firstHand[0];
    if (opening === undefined) throw new Error("no tiles");

    await playSomething(page, null);
    expect(await moveNumber(page)).toBe(1);

    // The turn passed to the other local player: the curtain is up and no hand is rendered.
    expect(await curtainName(page, ["Alice", "Bob"])).toBe(second);
    expect(await handTiles(page).count()).toBe(0);
    expect(await page.locator('[data-testid^="exchange-tile-"]').count()).toBe(0);
    expect(await page.getByTestId("confirm-move").count()).toBe(0);
    // A keyboard cannot reach the page under the curtain, and Escape (twice) does not lift it.
    for (let i = 0; i < 4; i++) await page.keyboard.press("Tab");
    expect(await page.evaluate('document.querySelector("[data-testid=privacy-screen]").contains(document.activeElement)')).toBe(true);
    // Not even for a moment (Chromium lets a second Escape in a row close a modal dialog whose `cancel` is refused).
    await page.evaluate('window.__curtainClosed = 0; document.querySelector("[data-testid=privacy-screen]").addEventListener("close", () => window.__curtainClosed++)');
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    // The focus left on the page's body (a tap on the curtain beside its button): the same.
    await page.evaluate("document.activeElement.blur()");
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("privacy-screen").isVisible()).toBe(true);
    expect(await page.evaluate("window.__curtainClosed")).toBe(0);
    expect(await handTiles(page).count()).toBe(0);
    // The connection lost while the curtain is up: its banner shows on the curtain, not under it.
    await context.setOffline(true);
    const banner = page.getByTestId("connection-status");
    await expect.poll(() => banner.getAttribute("data-status"), { timeout: 15_000 }).not.toBe("online");
    const box = await banner.boundingBox();
    expect(box).not.toBeNull();
    const onTop = await page.evaluate(`(() => { const hit = document.elementFromPoint(${(box?.x ?? 0) + (box?.width ?? 0) / 2}, ${(box?.y ?? 0) + (box?.height ?? 0) / 2}); return hit !== null && document.querySelector("[data-testid=connection-status]").contains(hit); })()`);
    expect(onTop).toBe(true);
    await page.screenshot({ path: "test-results/hotseat-curtain-offline.png" });
    await context.setOffline(false);
    await expect.poll(() => banner.getAttribute("data-status"), { timeout: 20_000 }).toBe("online");
    for (const [size, viewport] of [["phone", PHONE.viewport], ["landscape", SIDEWAYS.viewport], ["laptop", LAPTOP.viewport]] as const) {
      await page.setViewportSize(viewport);
      await page.screenshot({ path: `test-results/hotseat-curtain-${size}.png` });
    }
    await page.setViewportSize(PHONE.viewport);

    await page.getByTestId("privacy-ready").click();
    await expect.poll(() => handTiles(page).count()).toBe(6);
    await expect.poll(() => page.getByTestId("confirm-move").count()).toBe(1);
    const secondHand = await readHand(page);
    // Not the first player's rack (five tiles left plus one drawn): the hand on screen is the second player's.
    expect(secondHand.map((t) => `${t.shape}${t.color}`)).not.toEqual(firstHand.map((t) => `${t.shape}${t.color}`));

    await playSomething(page, { ...FIRST, shape: opening.shape, color: opening.color });
    expect(await moveNumber(page)).toBe(2);
    expect(await curtainName(page, ["Alice", "Bob"])).toBe(first);
    expect(await handTiles(page).count()).toBe(0);

    // The host saves the game; the banner offers to resume it.
    await page.getByTestId("privacy-ready").click();
    await page.getByTestId("pause-game").click();
    await page.getByTestId("paused-banner").waitFor();
    expect(await page.getByTestId("paused-banner").textContent()).toContain("Saved — resume from this link");
    await page.getByTestId("resume-game").click();
    await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status")).toBe("playing");

    expect(await page.getByTestId("error-message").count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
