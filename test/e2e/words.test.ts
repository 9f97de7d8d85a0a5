import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { LAPTOP, openSeated, PHONE, startedRoom } from "./seated";
import { startGame } from "./tour";

/**
 * What a player reads (issue 34): on a French phone (390×844), every game in play names its players
 * whole — a name wraps or is shortened only between words, the full name in its tooltip — says
 * "vous", and sets French punctuation with narrow no-break spaces. The host's mute button names
 * whom it mutes. A device that just arrived counts as unread only the messages after it came.
 * Screenshots: test-results/words/<game>-fr-phone.png (memoarr4: four players, tags written sideways).
 */
const SHOTS = "test-results/words";
const GAMES: readonly { readonly shot: string; readonly id: string; readonly seats: readonly string[] }[] = [
  { shot: "qwirkle", id: "qwirkle", seats: ["computer:medium"] },
  { shot: "mahjong", id: "mahjong", seats: ["computer:medium"] },
  { shot: "whis", id: "whis", seats: ["computer:medium", "computer:easy", "computer:easy"] }, // four chips: « Facile #2 » on two lines
  { shot: "halma", id: "halma", seats: ["computer:medium"] },
  { shot: "memoarr", id: "memoarr", seats: ["computer:medium"] },
  { shot: "memoarr4", id: "memoarr", seats: ["computer:medium", "computer:easy", "computer:hard"] }, // name tags written sideways
];

/** Player names on the page: their text, tooltip, and whether any word of them spans two lines. */
interface ShownName {
  readonly text: string;
  readonly title: string;
  readonly brokenWords: readonly string[];
  readonly cutWords: readonly string[];
}

async function shownNames(page: Page): Promise<ShownName[]> {
  // In-page code is text: the tests compile without the DOM's types.
  return page.evaluate(`[...document.querySelectorAll('[data-testid="player-name"]')]
    .filter((name) => name.getClientRects().length > 0)
    .map((name) => ({
      text: name.textContent.replace(/\\s+/g, " ").trim(),
      title: name.getAttribute("title"),
      brokenWords: [...name.querySelectorAll(".word")].filter((word) => word.getClientRects().length > 1).map((word) => word.textContent),
      cutWords: [...name.querySelectorAll(".word")].filter((word) => word.scrollWidth > word.clientWidth + 1).map((word) => word.textContent),
    }))`);
}

/** French typography faults in the page's visible text ("Memoarr!" is a name, "10:30" a time). */
async function typographyFaults(page: Page): Promise<string[]> {
  const text: string = await page.evaluate("document.body.innerText");
  const faults = text.replace(/Memoarr!/gu, "Memoarr").match(/.{0,20}((?<![\u202F:;!?])[:;!?](?=\s|$)|[ \u00A0][:;!?]|').{0,10}/gmu);
  return faults ?? [];
}

describe.runIf(browserAvailable("words.test.ts"))("what a player reads", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it.each(GAMES)("$shot on a French phone: whole names, vous, French punctuation", async (game) => {
    const context = await env.browser.newContext(PHONE);
    contexts.push(context);
    const page = await context.newPage();
    await startGame(page, env.server.url, game.id, game.seats, "Bruno");
    await expect.poll(() => page.locator(`[data-board="${game.id}"]`).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => shownNames(page).then((names) => names.length), { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(500); // the board settles (animations, the computer's first move)
    await page.screenshot({ path: `${SHOTS}/${game.shot}-fr-phone.png` });

    const names = await shownNames(page);
    expect(names.map((name) => name.brokenWords).flat(), "a word of a name split over two lines").toEqual([]);
    expect(names.map((name) => name.cutWords).flat(), "a word of a name cut by an ellipsis").toEqual([]);
    for (const name of names) expect(name.title).toBe(name.text);
    expect(names.map((name) => name.text)).toContain("Bruno (vous)");
    expect(names.map((name) => name.text)).toContain("Ordinateur · Moyen");
    const body: string = await page.evaluate("document.body.innerText");
    expect(body).not.toMatch(/(?<!\p{L})(toi|tu|ton|ta|tes)(?!\p{L})/iu);
    expect(await typographyFaults(page)).toEqual([]);
    if (game.id === "whis") {
      // The players' scores on one line, though a name takes two (« Facile / #2 » put its score lower than « Moyen »'s).
      const tops = await page.evaluate<number[]>(`[...document.querySelectorAll('[data-testid="whis-players"] .score')].map((score) => score.getBoundingClientRect().top)`);
      expect(Math.max(...tops) - Math.min(...tops), `WHIS's scores' tops: ${tops.join(", ")}`).toBeLessThanOrEqual(1);
    }
  });

  it("names the player the host's mute button mutes", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const host = await openSeated(env.browser, env.server.url, roomId, LAPTOP, { seat: alice, creator: creatorToken });
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: bob });
    contexts.push(host.context, phone.context);
    await phone.page.getByTestId("chat-toggle").tap();
    await phone.page.locator('[data-testid=chat-phrase][data-phrase="goodLuck"]').tap();

    await host.page.getByTestId("chat-toggle").click();
    const mute = host.page.locator('[data-testid=chat-message][data-seat="1"] [data-testid=chat-host-mute]');
    await expect.poll(() => mute.getAttribute("aria-label")).toBe("Mute Bob for everyone");
    expect(await mute.getAttribute("title")).toBe("Mute Bob for everyone");
    await host.page.getByRole("button", { name: "Mute Bob for everyone" }).click();
    await expect.poll(() => mute.getAttribute("aria-label")).toBe("Let Bob write again");
    await host.page.screenshot({ path: `${SHOTS}/host-mute-laptop.png` });
    client.close();
  });

  it("moves the focus into the chat when it opens and back to its button when it closes, and says the time as the page's language does", async () => {
    const { roomId, creatorToken, alice, client } = await startedRoom(env.server.url);
    // An English browser on a page switched to French.
    const laptop = await openSeated(env.browser, env.server.url, roomId, { ...LAPTOP, locale: "en-US" }, { seat: alice, creator: creatorToken });
    contexts.push(laptop.context);
    const { page } = laptop;
    await page.getByTestId("lang-fr").click();
    await page.getByTestId("chat-toggle").focus();
    await page.keyboard.press("Enter");
    const focusInChat = () => page.evaluate('document.querySelector("[data-testid=chat]")?.contains(document.activeElement) === true');
    await expect.poll(focusInChat).toBe(true);
    await page.getByTestId("chat-input").fill("à tout de suite");
    await page.getByTestId("chat-input").press("Enter");
    const time = page.locator("[data-testid=chat-message] time");
    await expect.poll(() => time.textContent()).toMatch(/^\d\d:\d\d$/u); // 14:35, not 02:35 PM
    await page.getByRole("button", { name: "Fermer la discussion" }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => page.evaluate("document.activeElement?.id")).toBe("chat-toggle");
    client.close();
  });

  it("counts as unread on a device that just arrived only what came after it", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const laptop = await openSeated(env.browser, env.server.url, roomId, LAPTOP, { seat: alice, creator: creatorToken });
    contexts.push(laptop.context);
    await laptop.page.getByTestId("chat-toggle").click();
    for (const text of ["first", "second"]) {
      await laptop.page.getByTestId("chat-input").fill(text);
      await laptop.page.getByTestId("chat-input").press("Enter");
    }
    await expect.poll(() => laptop.page.getByTestId("chat-message").count()).toBe(2);

    // Bob's phone opens the room for the first time: the conversation is there, nothing unread.
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: bob });
    contexts.push(phone.context);
    await expect.poll(() => phone.page.getByTestId("chat-toggle").getAttribute("data-unread")).toBe("0");
    await phone.page.waitForTimeout(500);
    expect(await phone.page.getByTestId("chat-unread").count()).toBe(0);

    await laptop.page.getByTestId("chat-input").fill("third");
    await laptop.page.getByTestId("chat-input").press("Enter");
    await expect.poll(() => phone.page.getByTestId("chat-unread").textContent()).toBe("1");
    // Reloaded, the phone still counts that one (it has not read it), not the two before.
    await phone.page.reload();
    await expect.poll(() => phone.page.getByTestId("chat-unread").textContent(), { timeout: 15_000 }).toBe("1");
    await phone.page.screenshot({ path: `${SHOTS}/unread-phone.png` });
    await phone.page.getByTestId("chat-toggle").tap();
    await expect.poll(() => phone.page.getByTestId("chat-message").count()).toBe(3);
    await phone.page.getByTestId("chat-toggle").tap();
    expect(await phone.page.getByTestId("chat-unread").count()).toBe(0);
    client.close();
  });
});
