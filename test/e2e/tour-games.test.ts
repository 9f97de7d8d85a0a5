import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { GAMES } from "../../shared/games/registry";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { openAt, startGame, type SizeName } from "./tour";

/**
 * The newcomer's tour (issue 18) through the games not covered by their own tour files (Halma and
 * Qwirkle are): the lobby says why "Sit here" waits, then a WHIS, Memoarr! and Mahjong++ table
 * against computers at laptop and phone size, screenshots in test-results/tour-<game>-<size>.png.
 * WHIS's keyboard line shows only with a mouse-like pointer; Memoarr!'s panel shows one's own
 * rubies and "?" for the others'.
 *
 * data-testids: claim-0, claim-why, nickname-input, whis-keys, board, mahjong-board, score-<seat>.
 */
const hasBrowser = browserAvailable("Newcomer's tour browser test");

/** Nothing sticks out sideways: the page never scrolls horizontally. */
const fitsWidth = async (page: Page): Promise<boolean> =>
  (await page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")) === true;

describe.skipIf(!hasBrowser)("newcomer's tour", () => {
  const env = useBrowserAndServer();

  for (const size of ["laptop", "phone"] as const satisfies readonly SizeName[]) {
    it(`says why "Sit here" waits for a nickname (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await page.goto(env.server.url);
      await page.getByTestId("create-whis").click();
      await page.getByTestId("create-room").click();
      const claim = page.getByTestId("claim-0");
      await claim.waitFor();
      expect(await claim.isDisabled()).toBe(true);
      const why = page.getByTestId("claim-why");
      expect(await why.isVisible()).toBe(true);
      expect(await why.textContent()).toContain("Type a nickname first");
      expect(await claim.getAttribute("aria-describedby")).toBe(await why.getAttribute("id"));
      await page.screenshot({ path: `test-results/tour-lobby-${size}.png`, fullPage: true });
      await page.getByTestId("nickname-input").fill("Alice");
      await expect.poll(() => claim.isDisabled()).toBe(false);
      expect(await why.count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`WHIS: the keyboard line only where a keyboard is at hand (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await startGame(page, env.server.url, "whis", ["computer:easy", "computer:medium"]);
      await page.getByTestId("board").waitFor();
      await page.getByTestId("whis-keys").waitFor({ state: "attached" });
      expect(await page.getByTestId("whis-keys").isVisible()).toBe(size === "laptop");
      // A viewport screenshot, scrolled to the hand: a full-page capture re-lays the page out with
      // a mouse-like pointer and so shows the keyboard line even on the phone.
      await page.getByTestId("whis-prompt").scrollIntoViewIfNeeded();
      await page.evaluate("window.scrollBy(0, 300)");
      await page.screenshot({ path: `test-results/tour-whis-${size}.png` });
      expect(await fitsWidth(page)).toBe(true);
      expect(await page.getByTestId("whis-keys").isVisible()).toBe(size === "laptop");
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`Memoarr!: one's own rubies on the board, the others' nowhere (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await startGame(page, env.server.url, "memoarr", ["computer:easy", "computer:easy"]);
      await page.getByTestId("board").waitFor();
      const mine = page.getByTestId("my-rubies");
      await expect.poll(() => mine.getAttribute("data-total")).toBe("0");
      expect(await mine.getAttribute("title")).toContain("secret");
      // The board shows the players itself (names round the grid): no players strip with scores.
      expect(await page.getByTestId("players-strip").count()).toBe(0);
      for (const seat of [0, 1, 2]) expect(await page.getByTestId(`score-${seat}`).count()).toBe(0);
      await page.screenshot({ path: `test-results/tour-memoarr-${size}.png`, fullPage: true });
      // Three players, one named down the left side: every name on the first screen, none under the bar below
      // the table (on a laptop the cards grew by a second side's width, and "Easy #2" went under "Memorise…").
      const hidden = await page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid="memoarr-grid"] [data-testid^="player-"]')].filter((tag) => {
        const b = tag.getBoundingClientRect(), x = b.left + b.width / 2, y = b.bottom - 2;
        return b.bottom > innerHeight || !tag.contains(document.elementFromPoint(x, y));
      }).map((tag) => tag.textContent.trim())`);
      expect(hidden, `Memoarr!'s names hidden at ${size}`).toEqual([]);
      expect(await fitsWidth(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`Mahjong++ against a computer (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await startGame(page, env.server.url, "mahjong", ["computer:medium"]);
      await page.getByTestId("mahjong-board").waitFor();
      // Names are drawn word by word (glued by no-break spaces): read as one line of words.
      expect((await page.getByTestId("mahjong-player-1").textContent())?.replace(/\s+/gu, " ")).toContain("Computer · Medium");
      await page.screenshot({ path: `test-results/tour-mahjong-${size}.png`, fullPage: true });
      expect(await fitsWidth(page)).toBe(true);
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const size of ["laptop", "phone"] as const satisfies readonly SizeName[]) {
    it(`every game's rules page fits the screen (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      for (const game of GAMES) {
        await page.goto(`${env.server.url}/rules/${game.id}`);
        await expect.poll(() => page.locator("h1, h2").count(), { timeout: 15_000 }).toBeGreaterThan(0);
        await page.screenshot({ path: `test-results/tour-rules-${game.id}-${size}.png`, fullPage: true });
        // The page reads English: WHIS's frames are the players "P1 P2 P3" (they were French, "J1 J2 J3").
        if (game.id === "whis") expect((await page.locator(".frames").innerText()).replace(/\s+/gu, " ").trim()).toBe("P1 P2 P3");
        // Mahjong++'s free-tile pictures: the framed tile whole, not cut by the top of its box (it is lifted as when selected).
        if (game.id === "mahjong") {
          const cut = await page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid^="rules-free"] .frame')].filter((frame) =>
            frame.getBoundingClientRect().top < frame.closest(".field").getBoundingClientRect().top).map((frame) => frame.closest("[data-testid]").dataset.testid)`);
          expect(cut, "Mahjong++'s free-tile pictures cut at the top").toEqual([]);
        }
        expect({ game: game.id, fits: await fitsWidth(page) }).toEqual({ game: game.id, fits: true });
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
