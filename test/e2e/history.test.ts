import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { browserAvailable, moveNumber, useBrowserAndServer } from "./browser";
import { openAt, type SizeName } from "./tour";

/**
 * Moves in words and pictures (issue 34): a table of computers plays each game while its creator
 * watches; after a few moves the creator pauses the computers and reads the history. Every row is
 * a sentence that starts with a name (or, for the clock, says whose time ran out), at least one row
 * draws the game's pieces as images with a text alternative, and the "Notation" switch brings the
 * seeds' notation back ("Alice: …"), remembered on this device across a reload.
 * Screenshots: test-results/history-<game>-<size>.png (sentences) and -notation.png.
 *
 * data-testids: create-<game>, create-room, configure-<seat>, start-game, room-status,
 * speed-pause, move-history, history-<n>, *history-notation (the switch).
 */
const hasBrowser = browserAvailable("History sentences browser test");
const MOVES = 6;

/** From the home page: a room of `gameId` whose every seat is a computer, started; the creator watches. */
async function watchComputers(page: Page, base: string, gameId: string): Promise<void> {
  await page.goto(base);
  await page.getByTestId(`create-${gameId}`).click();
  await page.getByTestId("create-room").click();
  await page.getByTestId("configure-0").waitFor();
  const total = await page.locator('[data-testid^="seat-"][data-kind]').count();
  // Two computers: every game plays with two (Halma with 2 or 4 only).
  for (let seat = 0; seat < Math.min(total, 2); seat++) {
    const select = page.getByTestId(`configure-${seat}`);
    const bot = await select.locator('option[value^="computer:"]').first().getAttribute("value");
    await select.selectOption(bot ?? "closed");
    await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind"), { timeout: 10_000 }).toBe("computer");
  }
  for (let seat = 2; seat < total; seat++) {
    await page.getByTestId(`configure-${seat}`).selectOption("closed");
    await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind"), { timeout: 10_000 }).toBe("closed");
  }
  await page.getByTestId("start-game").click();
  await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
}

/** The history rows' text and the text alternatives of their pictures, as a screen reader gets them. */
async function readHistory(page: Page): Promise<{ rows: string[]; pictures: string[] }> {
  const history = page.getByTestId("move-history");
  const rows = await history.locator("li").evaluateAll((items) => items.map((li) => (li as unknown as { innerText: string }).innerText.replace(/\s+/gu, " ").trim()));
  // The pictures' own drawings are hidden inside their run: a run is one image.
  const pictures = await history.locator('[role="img"]:not([aria-hidden="true"] *)').evaluateAll((images) => images.map((img) => img.getAttribute("aria-label") ?? ""));
  return { rows, pictures };
}

/**
 * The history rows whose text goes on to the next line just after a hyphen: a move's code read
 * "n16-l14-" then "j12" on a phone (the browser may break after any hyphen).
 */
async function breaksAtHyphens(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid="move-history"] li')].flatMap((li) => {
    const walker = document.createTreeWalker(li, NodeFilter.SHOW_TEXT);
    const broken = [];
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      const text = node.textContent;
      for (let i = text.indexOf("-"); i >= 0 && i + 1 < text.length; i = text.indexOf("-", i + 1)) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const hyphen = range.getBoundingClientRect();
        range.setStart(node, i + 1);
        range.setEnd(node, i + 2);
        if (range.getBoundingClientRect().top > hyphen.bottom - 1) broken.push(li.innerText);
      }
    }
    return broken;
  })`);
}

describe.skipIf(!hasBrowser)("the move history in sentences with pictures", () => {
  const env = useBrowserAndServer({ botTiming: { minMs: 200, maxMs: 200 } });

  for (const game of GAMES) {
    for (const size of ["phone", "laptop"] as const satisfies readonly SizeName[]) {
      const french = size === "phone";
      it(`${game.id} (${size}, ${french ? "French" : "English"})`, async () => {
        const { context, page, errors } = await openAt(env.browser, size, french ? "fr-FR" : "en-US");
        await watchComputers(page, env.server.url, game.id);
        await expect.poll(() => moveNumber(page), { timeout: 60_000 }).toBeGreaterThanOrEqual(MOVES);
        // Until the list scrolls: its switch must stay at hand however far it is scrolled.
        const region = page.getByTestId("move-history-region");
        await expect.poll(() => region.evaluate((e) => e.scrollHeight > e.clientHeight + 60), { timeout: 60_000 }).toBe(true);
        await page.getByTestId("speed-pause").click();

        const { rows, pictures } = await readHistory(page);
        expect(rows.length).toBeGreaterThanOrEqual(MOVES);
        // "3. L’ordinateur Facile a posé …": a number, then a sentence naming who (computers are
        // named after their level), or the clock's "Time ran out for …" / "Temps écoulé …".
        const namesAComputer = french ? /^\d+\. (L’ordinateur|Ordinateur|Temps écoulé)/u : /^\d+\. (Computer|Time)/u;
        for (const row of rows) expect(row).toMatch(namesAComputer);
        for (const row of rows) expect(row).not.toMatch(/^\d+\. [^:]+: /u); // not "Name: notation"
        expect(pictures.length).toBeGreaterThan(0);
        for (const alt of pictures) expect(alt.trim()).not.toBe("");

        await page.getByTestId("move-history").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/history-${game.id}-${size}.png` });

        // The oldest moves, scrolled to: the switch is still there to tap (it scrolled away with the list).
        await region.scrollIntoViewIfNeeded();
        await region.evaluate((e) => e.scrollTo({ top: e.scrollHeight, behavior: "instant" }));
        const switchAtHand = await page.evaluate<boolean>(`(() => {
          const input = document.querySelector('[data-testid="history-notation"]');
          const box = input.getBoundingClientRect();
          const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
          return hit !== null && (input.closest("label") ?? input).contains(hit);
        })()`);
        expect(switchAtHand, "the notation switch with the list scrolled to its end").toBe(true);

        // The seeds' notation, behind the switch: "Name: …" rows, kept after a reload.
        await page.getByTestId("history-notation").click();
        await expect.poll(async () => (await readHistory(page)).rows[0]).toMatch(/^\d+\. [^:]+: /u);
        await page.getByTestId("move-history").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `test-results/history-${game.id}-${size}-notation.png` });
        expect(await breaksAtHyphens(page), "a move's code broken at a hyphen").toEqual([]);
        await page.reload();
        await page.getByTestId("move-history").waitFor();
        expect(await page.getByTestId("history-notation").isChecked()).toBe(true);
        expect((await readHistory(page)).rows[0]).toMatch(/^\d+\. [^:]+: /u);
        await page.getByTestId("history-notation").click();
        await expect.poll(async () => (await readHistory(page)).rows[0]).toMatch(namesAComputer);

        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }
});
