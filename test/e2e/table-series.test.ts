import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver } from "../support/qwirkle";
import { browserAvailable, readHand, useBrowserAndServer } from "./browser";
import { LAPTOP, openSeated, PHONE, startedRoom } from "./seated";

/**
 * A table across games (issue 34): game 2, which "Play again" opened, shows the chat of game 1, and
 * each person keeps their colour there though the seats rotated.
 */
const SHOTS = "test-results/table-series";
/** Alice's colour at the table: the first of the palette (room/seatColors.ts), as the browser computes it. */
const BLUE = "rgb(0, 114, 178)";
const ORANGE = "rgb(213, 94, 0)";

const chatTexts = (page: Page) => page.getByTestId("chat-message").locator(".text").allTextContents();
/** The colour a player's chip is drawn with (its left stripe), by seat. (Browser-side scripts as strings: tests compile without the DOM types.) */
const chipColour = (page: Page, seat: number) =>
  page.evaluate<string>(`getComputedStyle(document.querySelector('[data-testid="player-chip-${seat}"]')).borderLeftColor`);
/** The colour of the dot beside each chat message's writer, in order. */
const chatDots = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll("[data-testid=chat-message] .dot")].map((d) => getComputedStyle(d).backgroundColor)`);

describe.runIf(browserAvailable("table-series.test.ts"))("a table across games", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("carries game 1's chat into game 2, and each player keeps their colour with the seats rotated", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const laptop = await openSeated(env.browser, env.server.url, roomId, LAPTOP, { seat: alice, creator: creatorToken });
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: bob });
    contexts.push(laptop.context, phone.context);

    // Game 1: Alice at seat 0 in blue, Bob at seat 1 in orange, on both screens.
    for (const { page } of [laptop, phone]) {
      expect(await page.getByTestId("player-chip-0").textContent()).toContain("Alice");
      expect(await chipColour(page, 0)).toBe(BLUE);
      expect(await chipColour(page, 1)).toBe(ORANGE);
    }
    // They chat: Alice types on her laptop, Bob answers with a quick phrase on his phone.
    await laptop.page.getByTestId("chat-toggle").click();
    await laptop.page.getByTestId("chat-input").fill("Good luck, Bob!");
    await laptop.page.getByTestId("chat-input").press("Enter");
    await phone.page.getByTestId("chat-toggle").tap();
    await expect.poll(() => chatTexts(phone.page)).toEqual(["Good luck, Bob!"]);
    await phone.page.locator('[data-testid=chat-phrase][data-phrase="thanks"]').tap();
    await expect.poll(() => chatTexts(laptop.page)).toEqual(["Good luck, Bob!", "Thanks"]);
    await phone.page.getByTestId("chat-toggle").tap(); // closed again, as a player would to see the board

    // The game itself is played to its end through a socket holding the same tokens (the table is what is tested here).
    const player = await TestClient.connect(env.server.url);
    expectOk(await player.emit("room:watch", { roomId, seatTokens: [alice, bob] }));
    await playScriptedUntilOver(roomId, [
      { client: player, seat: 0, token: alice },
      { client: player, seat: 1, token: bob },
    ]);
    await expect.poll(() => laptop.page.getByTestId("rematch-button").count(), { timeout: 10_000 }).toBe(1);
    await laptop.page.getByTestId("rematch-button").click(); // Alice, the creator: "Play again"

    for (const { page } of [laptop, phone]) {
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toBe(`/r/${roomId}`);
      await expect.poll(() => page.getByTestId("game-number").textContent()).toMatch(/2/u);
      await expect.poll(() => readHand(page).then((hand) => hand.length), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    // Game 2: the seats rotated (Bob first), the colours stayed with the people.
    for (const { page } of [laptop, phone]) {
      await expect.poll(() => page.getByTestId("player-chip-0").textContent()).toContain("Bob");
      expect(await page.getByTestId("player-chip-1").textContent()).toContain("Alice");
      expect(await chipColour(page, 1)).toBe(BLUE);
      expect(await chipColour(page, 0)).toBe(ORANGE);
    }
    // The conversation of game 1 is there, each writer's dot in their colour; Alice's own message is still hers.
    await phone.page.getByTestId("chat-toggle").tap();
    await expect.poll(() => chatTexts(phone.page)).toEqual(["Good luck, Bob!", "Merci"]);
    expect(await chatDots(phone.page)).toEqual([BLUE, ORANGE]);
    await laptop.page.getByTestId("chat-toggle").click();
    await expect.poll(() => chatTexts(laptop.page)).toEqual(["Good luck, Bob!", "Thanks"]);
    expect(await chatDots(laptop.page)).toEqual([BLUE, ORANGE]);
    // With the chat open on the phone, the table's wins wait with the players' chips: they left Qwirkle's board 170 px.
    expect(await phone.page.getByTestId("series-tally").isVisible(), "the series tally with the chat open on a phone").toBe(false);
    expect(await laptop.page.getByTestId("series-tally").isVisible(), "the series tally beside the chat on a laptop").toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}/game2-chat-phone.png` });
    await laptop.page.screenshot({ path: `${SHOTS}/game2-chat-laptop.png` });
    expect(await laptop.page.locator("[data-testid=chat-message].mine").allTextContents()).toEqual([expect.stringContaining("Good luck, Bob!")]);
    // And it goes on: a message written in game 2 joins it on both screens.
    await phone.page.getByTestId("chat-input").fill("Revanche !");
    await phone.page.getByTestId("chat-input").press("Enter");
    await expect.poll(() => chatTexts(laptop.page)).toEqual(["Good luck, Bob!", "Thanks", "Revanche !"]);
    for (const c of [client, player]) c.close();
  });
});
