import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { PHONE } from "./seated";
import { browserAvailable, useBrowserAndServer } from "./browser";

/**
 * Setting a room up through the UI: the create-room form generated from a game's options schema,
 * with a nested object (WHIS's deck) as a fieldset of counts, and the lobby's Start button, greyed
 * out with a reason when the game is not played with that many players (Halma with 3).
 *
 * data-testids: option-deck, option-deck.<kind>, option-rounds, create-room, error-message,
 *   nickname-input, claim-0, configure-<seat>, seat-<seat>[data-kind], start-game,
 *   start-blocked[data-reason], board, pile-count[data-count].
 */
const hasBrowser = browserAvailable("Room set-up browser test");

const roomIdOf = (page: Page): string => {
  const roomId = /\/r\/([A-Za-z0-9_-]+)/u.exec(page.url())?.[1];
  if (roomId === undefined) throw new Error(`no room id in ${page.url()}`);
  return roomId;
};

async function setSeat(page: Page, seat: number, choice: string, kind: string): Promise<void> {
  await page.getByTestId(`configure-${seat}`).selectOption(choice);
  await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind")).toBe(kind);
}

describe.skipIf(!hasBrowser)("Room set-up in the browser", () => {
  const env = useBrowserAndServer();

  it("creates a WHIS room with the deck composed in the form, after explaining a deck too small", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
    await page.goto(`${env.server.url}/new/whis`);

    // One labelled count per card kind, filled with the schema's defaults (the 60-card deck) and bounds.
    const deck = page.getByTestId("option-deck");
    await expect.poll(() => deck.locator("legend").textContent()).toBe("Deck composition");
    const counts = { simple: "9", attack: "3", special: "3", transition: "3", light: "3", darkness: "3" };
    for (const [kind, value] of Object.entries(counts)) expect(await page.getByTestId(`option-deck.${kind}`).inputValue()).toBe(value);
    expect(await page.getByTestId("option-deck.simple").getAttribute("max")).toBe("20");
    await expect.poll(() => deck.getByLabel("Simple cards, per element").inputValue()).toBe("9");
    expect(await page.getByTestId("option-rounds").inputValue()).toBe("5");

    // 3 × (2 + 3 + 3 + 3) + 3 + 3 = 39 cards: within each field's bounds, but the server refuses the deck.
    await page.getByTestId("option-deck.simple").fill("2");
    await page.getByTestId("create-room").click();
    await expect.poll(() => page.getByTestId("error-message").textContent()).toContain("the deck needs at least 60 cards");
    expect(page.url()).toBe(`${env.server.url}/new/whis`);

    // 10 Lights instead of 3: a 67-card deck, and 3 rounds.
    await page.getByTestId("option-deck.simple").fill("9");
    await page.getByTestId("option-deck.light").fill("10");
    await page.getByTestId("option-rounds").fill("3");
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").waitFor();
    const roomId = roomIdOf(page);
    const row = await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    expect(row.options).toEqual({ deck: { simple: 9, attack: 3, special: 3, transition: 3, light: 10, darkness: 3 }, rounds: 3 });

    // The game deals from it: 67 cards, 6 to each of 2 players and one turned up.
    await page.getByTestId("nickname-input").fill("Ada");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    await setSeat(page, 1, "computer:medium", "computer");
    await page.getByTestId("start-game").click();
    await page.getByTestId("board").waitFor();
    expect(await page.getByTestId("pile-count").getAttribute("data-count")).toBe(String(67 - 12 - 1));
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("greys out Start for 3 Halma players and says why, in the UI language", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1000, height: 900 }, locale: "fr-FR" });
    const page = await context.newPage();
    await page.goto(`${env.server.url}/new/halma`);
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    await setSeat(page, 1, "computer:medium", "computer");
    await setSeat(page, 2, "computer:medium", "computer");
    await setSeat(page, 3, "closed", "closed");

    // A friend opening the link now is told the table is full, not handed a name field for nothing.
    const friend = await env.browser.newContext(PHONE);
    const phone = await friend.newPage();
    await phone.goto(page.url());
    await expect.poll(() => phone.getByTestId("lobby-full").textContent()).toContain("Toutes les places sont prises\u202f: vous pourrez regarder la partie.");
    expect(await phone.getByTestId("nickname-input").count()).toBe(0);
    await phone.screenshot({ path: "test-results/lobby-full-phone.png" });
    await friend.close();

    const start = page.getByTestId("start-game");
    const blocked = page.getByTestId("start-blocked");
    await expect.poll(() => blocked.getAttribute("data-reason")).toBe("seatCount");
    expect(await blocked.textContent()).toContain("Ce jeu se joue à 2 ou 4 joueurs, pas à 3");
    expect(await start.isDisabled()).toBe(true);

    // Closing one computer's seat leaves 2 players: Start is back, and the game starts.
    await setSeat(page, 2, "closed", "closed");
    await expect.poll(() => start.isDisabled()).toBe(false);
    expect(await blocked.count()).toBe(0);
    await start.click();
    await page.getByTestId("board").waitFor();
    await context.close();
  });

  it("sets a seat chosen while the host's own claim is still on its way (it used to be dropped)", async () => {
    const context = await env.browser.newContext({ ...PHONE, locale: "en-US" });
    const page = await context.newPage();
    // The server's answers to the page's requests ("43…" frames) arrive 1.5 s late while `slowAnswers`
    // is on; its pushes ("42…") do not: the lobby shows the host seated before the claim is answered.
    let slowAnswers = false;
    await page.routeWebSocket(/\/socket\.io\//u, (ws) => {
      const server = ws.connectToServer();
      server.onMessage((message) => {
        if (slowAnswers && typeof message === "string" && message.startsWith("43")) setTimeout(() => ws.send(message), 1500);
        else ws.send(message);
      });
    });
    await page.goto(`${env.server.url}/new/qwirkle`);
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    slowAnswers = true;
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind"), { timeout: 10_000 }).toBe("human");
    // The claim's answer is still on its way: the host picks a computer for seat 2 now.
    await page.getByTestId("configure-1").selectOption("computer:easy");
    await expect.poll(() => page.getByTestId("seat-1").getAttribute("data-kind"), { timeout: 10_000 }).toBe("computer");
    slowAnswers = false;
    await context.close();
  });
});
