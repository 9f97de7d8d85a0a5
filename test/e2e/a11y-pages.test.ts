import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { AxeLog } from "./axe";
import { expectFocusRingsWhole, expectNothingCovered } from "./layout";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE } from "./seated";

/**
 * Issue 34: every page outside a game in play passes axe-core's WCAG 2.0/2.1 A and AA rules, at
 * phone size (touch, French) and laptop size (English): home, each game's create form and rules,
 * the lobby with its invite, seated, with the handoff dialog, the chat and the rules dialog open,
 * then a finished demo's My games, Scores (both tabs) and replay (with its move history reachable).
 * Screenshots: test-results/a11y/.
 *
 * data-testids: create-<game>, create-room, share-link, nickname-input, claim-0, seat-0[data-kind],
 *   handoff-open, handoff, chat-toggle, chat, open-rules, rules-dialog, close-rules, demo-<game>,
 *   room-status[data-status], nav-my-games, my-game-<room>, my-game-replay, nav-scores, score-row,
 *   tab-leaderboard, leaderboard, replay-board, replay-last, replay-prev, replay-position.
 */
const SHOTS = "test-results/a11y";
const SIZES = { phone: PHONE, laptop: LAPTOP } as const;

/** Presses a button as this device would: a tap on the phone, a click on the laptop. */
const press = (page: Page, testId: string): Promise<void> =>
  page.viewportSize()?.width === PHONE.viewport.width ? page.getByTestId(testId).tap() : page.getByTestId(testId).click();

describe.runIf(browserAvailable("a11y-pages.test.ts"))("accessibility of every page", () => {
  const env = useBrowserAndServer();
  const axe = new AxeLog();
  mkdirSync(SHOTS, { recursive: true });

  for (const size of ["phone", "laptop"] as const) {
    it(`home, create forms, rules, lobby, invite, handoff, chat (${size})`, async () => {
      const context = await env.browser.newContext(SIZES[size]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      await page.goto(env.server.url);
      await page.getByTestId("create-qwirkle").waitFor();
      await axe.check(page, "home");
      await expectNothingCovered(page, "home");
      for (const game of GAMES) {
        await page.goto(`${env.server.url}/new/${game.id}`);
        await page.getByTestId("create-room").waitFor();
        await axe.check(page, `create ${game.id}`);
        await expectNothingCovered(page, `create ${game.id}`);
        await page.goto(`${env.server.url}/rules/${game.id}`);
        await expect.poll(() => page.locator("h1, h2").count()).toBeGreaterThan(0);
        await axe.check(page, `rules ${game.id}`);
      }

      // The lobby as the creator finds it (the invite with its QR code), then seated.
      await page.goto(env.server.url);
      await press(page, "create-whis");
      await press(page, "create-room");
      await page.getByTestId("share-link").waitFor();
      await expect.poll(() => page.getByTestId("invite-qr").getAttribute("data-value"), { timeout: 10_000 }).not.toBeNull();
      await axe.check(page, "lobby with the invite");
      await expectNothingCovered(page, "lobby with the invite");
      await page.getByTestId("nickname-input").fill("Alice");
      await press(page, "claim-0");
      await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
      // The host closes a seat: every seat says what it is whole ("Place libre" beside the select read "P" on a phone).
      await page.getByTestId("configure-2").selectOption("closed");
      await expect.poll(() => page.getByTestId("seat-2").getAttribute("data-kind")).toBe("closed");
      await page.screenshot({ path: `${SHOTS}/lobby-${size}.png`, fullPage: true });
      const cut = await page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid^="seat-"] .who')]
        .filter((who) => who.getBoundingClientRect().width > 1 && who.scrollWidth > who.clientWidth + 1)
        .map((who) => who.textContent.trim())`);
      expect(cut, "seat labels cut").toEqual([]);
      await axe.check(page, "lobby, seated");
      await expectNothingCovered(page, "lobby, seated");
      if (await page.getByTestId("more-tools").isVisible()) await press(page, "more-tools"); // a phone's « Autres outils »
      await press(page, "handoff-open");
      await page.getByTestId("handoff").waitFor();
      await expect.poll(() => page.getByTestId("handoff-qr").getAttribute("data-value"), { timeout: 10_000 }).not.toBeNull();
      await page.screenshot({ path: `${SHOTS}/handoff-${size}.png` });
      await axe.check(page, "handoff dialog");
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("handoff").isVisible()).toBe(false);
      await press(page, "chat-toggle");
      await page.getByTestId("chat-input").fill("Hello!");
      await press(page, "chat-send");
      await page.getByTestId("chat-message").waitFor();
      await page.screenshot({ path: `${SHOTS}/lobby-chat-${size}.png` });
      await axe.check(page, "lobby, chat open");
      if (await page.getByTestId("more-tools").isVisible()) await press(page, "more-tools");
      await press(page, "open-rules");
      await page.getByTestId("rules-dialog").waitFor();
      await axe.check(page, "rules dialog");
      await press(page, "close-rules");

      axe.expectNone();
      expect(errors).toEqual([]);
      await context.close();
    });

    it(`my games, scores and a replay after a demo (${size})`, async () => {
      const context = await env.browser.newContext(SIZES[size]);
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));

      await page.goto(env.server.url);
      await press(page, "demo-qwirkle");
      await page.waitForURL(/\/r\/[A-Za-z0-9_-]{16,}$/u);
      const roomId = new URL(page.url()).pathname.split("/")[2] ?? "";
      await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 90_000 }).toBe("finished");

      await press(page, "nav-my-games");
      await page.getByTestId(`my-game-${roomId}`).waitFor();
      await axe.check(page, "my games");
      await expectNothingCovered(page, "my games");
      await press(page, "nav-scores");
      await expect.poll(() => page.getByTestId("score-row").count()).toBeGreaterThan(0);
      await page.screenshot({ path: `${SHOTS}/scores-${size}.png`, fullPage: true });
      await axe.check(page, "scores");
      await expectNothingCovered(page, "scores");
      await press(page, "tab-leaderboard");
      await page.getByTestId("leaderboard-computers").check();
      await expect.poll(() => page.getByTestId("leaderboard-row").count()).toBeGreaterThan(0);
      // Computers' rows name their level in the reader's language (the phone reads French).
      const computers = await page.locator('[data-testid=leaderboard-row][data-computer="true"]').allTextContents();
      expect(computers.length).toBeGreaterThan(0);
      for (const row of computers) expect(row).toMatch(size === "phone" ? /Ordinateur · (Facile|Moyen|Difficile)/u : /Computer · (Easy|Medium|Hard)/u);
      await axe.check(page, "leaderboard");
      await expectNothingCovered(page, "leaderboard");

      await press(page, "nav-my-games");
      await page.getByTestId(`my-game-${roomId}`).getByTestId("my-game-replay").click();
      await page.getByTestId("replay-board").waitFor();
      // The board whole on the first screen, under the controls: on a phone the viewpoints and a two-line
      // title pushed its top to 535 px of 844.
      const board = (await page.getByTestId("replay-board").boundingBox())!;
      const screen = page.viewportSize()!;
      expect(board.y >= 0 && board.y + board.height <= screen.height + 1, `the replay's board ${JSON.stringify(board)} on the first screen (${size})`).toBe(true);
      await axe.check(page, "replay at the deal");
      await expectNothingCovered(page, "replay at the deal");
      await expectFocusRingsWhole(page, "replay at the deal");
      await press(page, "replay-last");
      const last = Number(await page.getByTestId("replay-position").getAttribute("data-last"));
      await expect.poll(() => page.getByTestId("replay-position").getAttribute("data-position")).toBe(String(last));
      await press(page, "replay-prev");
      await page.screenshot({ path: `${SHOTS}/replay-${size}.png`, fullPage: true });
      await axe.check(page, "replay, one move before the end");
      await axe.checkHistory(page, "replay");

      axe.expectNone();
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
