import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { AxeLog } from "./axe";
import { cutWords, expectFingerSized, expectNothingCovered } from "./layout";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";
import { startGame } from "./tour";

/**
 * Issue 34: every game in play passes axe-core's WCAG 2.0/2.1 A and AA rules at phone size (touch,
 * French) and laptop size (English), for the seated player and for a spectator (with the chat open
 * too), and its move history is a named region the keyboard reaches; the phone held sideways
 * (844×390) passes too. At game over (a computers-only demo, watched), the same on the long
 * history. No part of the table draws over another in any of these (`expectNothingCovered`); on the
 * phone, upright and sideways, the seat's own buttons are a fingertip's size (`expectFingerSized`).
 * Screenshots: test-results/a11y/.
 *
 * data-testids: create-<game>, demo-<game>, room-status[data-status|data-move-number], chat-toggle, chat,
 *   move-history-region.
 */
const SHOTS = "test-results/a11y";
const SIZES = { phone: PHONE, laptop: LAPTOP } as const;

/**
 * Each game against computers: the seats after the player's (seat 0), as the lobby's select names
 * them. As many players as the game takes (the most crowded screen), Halma as two.
 */
const TABLES = [
  { game: "qwirkle", seats: ["computer:easy", "computer:easy", "computer:easy"] },
  { game: "mahjong", seats: ["computer:medium"] },
  { game: "whis", seats: ["computer:easy", "computer:easy", "computer:medium"] },
  { game: "halma", seats: ["computer:easy"] },
  { game: "memoarr", seats: ["computer:easy", "computer:easy", "computer:easy"] },
] as const;

/**
 * The create form's settings for a game at a size. Memoarr!'s seat has buttons of its own only while
 * the round's cards are shown (its "Ready"): on a phone the longest peek the form allows keeps it
 * there through the sideways check, which a slow machine reached after the default 5 s. (On a laptop
 * the turn line is checked, and a peek is nobody's turn: the default there.)
 */
const SETTINGS: Partial<Record<string, (page: Page) => Promise<void>>> = {
  "memoarr phone": (page) => page.getByTestId("option-peekSeconds").fill("30"),
};

const status = (page: Page) => page.getByTestId("room-status").getAttribute("data-status");

/**
 * The live regions a screen reader hears (not hidden from it) whose text says whose turn it is, in
 * English: the room's turn line and a board's own would each say it at every turn.
 */
const turnSayers = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll('[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]')]
    .filter((region) => region.closest('[aria-hidden="true"]') === null && region.getClientRects().length > 0)
    .map((region) => {
      const copy = region.cloneNode(true);
      copy.querySelectorAll('[aria-hidden="true"]').forEach((hidden) => hidden.remove());
      return copy.textContent.replace(/\\s+/g, " ").trim();
    })
    .filter((text) => /your turn|to play\\b|is playing|waiting for/i.test(text))`);
const moves = async (page: Page) => Number(await page.getByTestId("room-status").getAttribute("data-move-number"));

describe.runIf(browserAvailable("a11y-games.test.ts"))("accessibility of every game in play", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  const axe = new AxeLog();
  mkdirSync(SHOTS, { recursive: true });
  const open = async (size: keyof typeof SIZES): Promise<{ page: Page; errors: string[] }> => {
    const context = await env.browser.newContext(SIZES[size]);
    contexts.push(context);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    return { page, errors };
  };

  for (const { game, seats } of TABLES) {
    for (const size of ["phone", "laptop"] as const) {
      it(`${game} (${size}): no violation for the player nor a spectator, the history reachable`, async () => {
        const seated = await open(size);
        const roomId = await startGame(seated.page, env.server.url, game, seats, "Alice", SETTINGS[`${game} ${size}`]);
        await seated.page.getByTestId("board").or(seated.page.getByTestId("mahjong-board")).first().waitFor();
        // A move or two in the history (the computers may have to wait for us: then none yet).
        await expect.poll(() => moves(seated.page), { timeout: 5_000 }).toBeGreaterThan(0).catch(() => undefined);
        await seated.page.screenshot({ path: `${SHOTS}/${game}-${size}-seated.png` });
        await axe.check(seated.page, `${game} ${size} seated`);
        await expectNothingCovered(seated.page, `${game} ${size} seated`);
        if (size === "phone") await expectFingerSized(seated.page, `${game} ${size} seated`);
        await axe.checkHistory(seated.page, `${game} ${size} seated`);
        // Whose turn it is, said by one live region, not by the room's and the board's both (Memoarr!'s
        // peek, where everyone memorises at once, is nobody's turn: polled until it is over).
        if (size === "laptop") await expect.poll(() => turnSayers(seated.page).then((said) => said.length), { timeout: 15_000 }).toBe(1);
        // A word in the chat, with the chat open: what the spectator will read too.
        await seated.page.getByTestId("chat-toggle").click();
        await seated.page.getByTestId("chat-input").fill("Bonne partie !");
        await seated.page.getByTestId("chat-send").click();
        await seated.page.getByTestId("chat-message").waitFor();
        await axe.check(seated.page, `${game} ${size} seated, chat open`);
        // Asked for less motion, nothing loops: no pulse, blink or glow goes on and on.
        await seated.page.emulateMedia({ reducedMotion: "reduce" });
        const looping = () => seated.page.evaluate<string[]>('document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations === Infinity).map((a) => a.animationName ?? "?")');
        await expect.poll(looping, { timeout: 2_000 }).toEqual([]);

        const spectator = await open(size);
        await spectator.page.goto(`${env.server.url}/r/${roomId}`);
        await expect.poll(() => status(spectator.page), { timeout: 10_000 }).not.toBe("waiting");
        await spectator.page.getByTestId("board").or(spectator.page.getByTestId("mahjong-board")).first().waitFor();
        await spectator.page.screenshot({ path: `${SHOTS}/${game}-${size}-spectator.png` });
        await axe.check(spectator.page, `${game} ${size} spectator`);
        await expectNothingCovered(spectator.page, `${game} ${size} spectator`);
        await axe.checkHistory(spectator.page, `${game} ${size} spectator`);
        // To a spectator too (Halma's board has no turn line for one: the room's says it).
        if (size === "laptop") await expect.poll(() => turnSayers(spectator.page).then((said) => said.length), { timeout: 15_000 }).toBe(1);
        await spectator.page.getByTestId("chat-toggle").click();
        await spectator.page.getByTestId("chat-message").waitFor();
        await spectator.page.screenshot({ path: `${SHOTS}/${game}-${size}-spectator-chat.png` });
        // Every player's name whole above the chat: WHIS's fourth chip read "Mo…", its colour's dot beside a one-word name.
        const cutNames = await cutWords(spectator.page, "main [data-testid=player-name] .word");
        expect(cutNames, `${game} ${size} spectator, chat open: names cut`).toEqual([]);
        await axe.check(spectator.page, `${game} ${size} spectator, chat open`);
        await expectNothingCovered(spectator.page, `${game} ${size} spectator, chat open`);
        if (size === "phone") {
          // The phone held sideways: the same page laid out again.
          for (const [who, page] of [["seated", seated.page], ["spectator", spectator.page]] as const) {
            await page.setViewportSize(SIDEWAYS.viewport);
            await page.screenshot({ path: `${SHOTS}/${game}-landscape-${who}.png` });
            await axe.check(page, `${game} 844×390 ${who}`);
            await expectNothingCovered(page, `${game} 844×390 ${who}`);
            if (who === "seated") await expectFingerSized(page, `${game} 844×390 seated`);
            // What a player's chip says stays in the chip (WHIS's "6 cartes" ran out of its four narrow chips).
            const outside = await page.evaluate<string[]>(`[...document.querySelectorAll('li[data-testid^="player-"], [data-testid^="player-chip-"]')]
              .flatMap((chip) => { const c = chip.getBoundingClientRect(); return [...chip.children].filter((part) => { const r = part.getBoundingClientRect();
                return r.width > 0 && (r.left < c.left - 1 || r.right > c.right + 1); }).map((part) => chip.dataset.testid + ": " + part.textContent.trim()); })`);
            expect(outside, `${game} 844×390 ${who}: parts out of their player's chip`).toEqual([]);
            // Names whole there too, the chat open beside the table: WHIS's four chips read "F… #2", "F… #3", "…".
            const cut = await cutWords(page, "main [data-testid=player-name] .word");
            expect(cut, `${game} 844×390 ${who}, chat open: names cut`).toEqual([]);
          }
        }
        axe.expectNone();
        expect([...seated.errors, ...spectator.errors]).toEqual([]);
        for (const context of contexts.splice(0)) await context.close();
      });
    }
  }

  for (const { game } of TABLES) {
    it(`${game} at game over (a watched demo): no violation, the long history reachable, at both widths`, async () => {
      const { page, errors } = await open("laptop");
      await page.goto(env.server.url);
      await page.getByTestId(`demo-${game}`).click();
      await expect.poll(() => status(page), { timeout: 90_000 }).toBe("finished");
      await page.getByTestId("game-over").waitFor();
      // Each score in the game's own unit (the laptop reads English): rubies, distance gained, points.
      const unit = { memoarr: /^\d+ rub(y|ies)$/u, halma: /^-?\d+ cells? toward the goal$/u }[game as string] ?? /^-?\d+ pts?$/u;
      for (const score of await page.locator("[data-testid=game-over] .score").allTextContents()) expect(score.trim()).toMatch(unit);
      // A computer's level is said once in its row, as in the players' chips (it read "Computer · Medium #2 [robot] Medium").
      const repeated = await page.evaluate(`[...document.querySelectorAll("[data-testid=game-over] li .name")].flatMap((name) => {
        const shown = name.cloneNode(true);
        for (const hidden of shown.querySelectorAll(".sr-only")) hidden.remove();
        const words = shown.textContent.split(/\\s+/u).filter((word) => /\\p{L}/u.test(word));
        return words.filter((word, i) => words.indexOf(word) !== i);
      })`);
      expect(repeated, "no word said twice in a ranked player's name").toEqual([]);
      // The board's own end line says how the game ended, not the card's "… wins!" a second time (Halma's did).
      const headline = (await page.locator("[data-testid=game-over] .winners").textContent())?.trim() ?? "";
      const boardLines = await page.locator(".stage > :last-child p").allTextContents();
      expect(boardLines.map((line) => line.trim()).filter((line) => headline !== "" && line === headline), "the winner said twice").toEqual([]);
      await page.screenshot({ path: `${SHOTS}/${game}-over-laptop.png` });
      await axe.check(page, `${game} game over, laptop`);
      await expectNothingCovered(page, `${game} game over, laptop`);
      await axe.checkHistory(page, `${game} game over, laptop`, `${SHOTS}/${game}-over-laptop-history.png`);
      await page.setViewportSize(PHONE.viewport);
      await page.screenshot({ path: `${SHOTS}/${game}-over-phone.png` });
      // A long score ("225 cells toward the goal") wraps beside the name rather than squeezing it to "…".
      const clipped = await page.evaluate<string[]>(`[...document.querySelectorAll("[data-testid=game-over] li [data-testid=player-name], [data-testid=game-over] li .word")]
        .filter((part) => part.scrollWidth > part.clientWidth + 1 || part.scrollHeight > part.clientHeight + 1).map((part) => part.closest("[title]").title)`);
      expect(clipped, `${game} game over, phone width: ranked names cut short`).toEqual([]);
      await axe.check(page, `${game} game over, phone width`);
      await expectNothingCovered(page, `${game} game over, phone width`);
      await axe.checkHistory(page, `${game} game over, phone width`, `${SHOTS}/${game}-over-phone-history.png`);
      axe.expectNone();
      expect(errors).toEqual([]);
      for (const context of contexts.splice(0)) await context.close();
    });
  }
});
