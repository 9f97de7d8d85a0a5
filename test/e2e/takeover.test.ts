import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, moveNumber, playSomething, useBrowserAndServer } from "./browser";
import { PHONE } from "./seated";

/**
 * Take-over: a player closes their page during their turn; after the room's delay (10 s here) the
 * other player lets a computer play for them, and the computer does.
 *
 * data-testids used here (new ones marked *):
 *   nickname-input, claim-<seat>, seat-<seat>, start-game, board, turn-indicator[data-seats],
 *   *room-status[data-move-number], *takeover-<seat> (the "Let a computer play for …" button),
 *   *takeover-level-<seat> (its level select), *standin-badge-<seat> (players panel), hand-tile-<i>,
 *   *speed-value[data-speed], *speed-pause, *speed-faster (the computer speed control).
 */
const hasBrowser = browserAvailable("Take-over browser test");
const TAKEOVER_AFTER_SECONDS = 10;

async function turnSeats(page: Page): Promise<string | null> {
  return page.getByTestId("turn-indicator").getAttribute("data-seats");
}

describe.skipIf(!hasBrowser)("a computer takes over an absent player", () => {
  const env = useBrowserAndServer();

  it("offers the take-over after the delay and the computer plays the absent player's turn", async () => {
    const response = await fetch(`${env.server.url}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ gameId: "qwirkle", options: { mode: "quick" }, settings: { takeoverAfterSeconds: TAKEOVER_AFTER_SECONDS } }),
    });
    expect(response.status).toBe(201);
    const { roomId, creatorToken, path } = (await response.json()) as { roomId: string; creatorToken: string; path: string };

    const contextA = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US" });
    const contextB = await env.browser.newContext({ ...PHONE, locale: "en-US" });
    const alice = await contextA.newPage();
    const bob = await contextB.newPage();
    const pageErrors: string[] = [];
    for (const page of [alice, bob]) page.on("pageerror", (error) => pageErrors.push(error.message));

    // Alice created the room through the API: her browser keeps the creator token like the form would.
    await alice.goto(env.server.url);
    await alice.evaluate(
      ([id, token]) => (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage.setItem(`tablee:creator:${id}`, token),
      [roomId, creatorToken] as const,
    );
    await alice.goto(`${env.server.url}${path}`);
    await alice.getByTestId("nickname-input").fill("Alice");
    await alice.getByTestId("claim-0").click();
    await expect.poll(() => alice.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");

    await bob.goto(`${env.server.url}${path}`);
    await bob.getByTestId("nickname-input").fill("Bob");
    await bob.getByTestId("claim-1").click();
    await expect.poll(() => alice.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");

    await alice.getByTestId("start-game").click();
    await alice.getByTestId("board").waitFor();
    await bob.getByTestId("board").waitFor();

    // Make it Alice's turn, then close her page.
    if ((await turnSeats(bob)) === "1") await playSomething(bob, null);
    await expect.poll(() => turnSeats(bob)).toBe("0");
    const before = await moveNumber(bob);
    await alice.close();

    // No offer before the delay has passed; then the button shows on its own.
    expect(await bob.getByTestId("takeover-0").count()).toBe(0);
    const offer = bob.getByTestId("takeover-0");
    await offer.waitFor({ timeout: (TAKEOVER_AFTER_SECONDS + 15) * 1000 });
    expect(await offer.textContent()).toContain("Let a computer play for Alice");
    expect(await bob.getByTestId("takeover-level-0").inputValue()).toBe("medium"); // the middle level by default
    await offer.click();

    // The computer plays Alice's turn, and her seat says so.
    await expect.poll(() => moveNumber(bob), { timeout: 20_000 }).toBeGreaterThan(before);
    await expect.poll(() => turnSeats(bob)).toBe("1");
    await bob.getByTestId("standin-badge-0").waitFor();
    expect(await bob.getByTestId("takeover-0").count()).toBe(0);

    // A computer now plays here, so the speed control shows: pause, play, faster.
    const speed = bob.getByTestId("speed-value");
    await speed.waitFor();
    expect(await speed.getAttribute("data-speed")).toBe("normal");
    await bob.getByTestId("speed-pause").click();
    await expect.poll(() => speed.getAttribute("data-speed")).toBe("paused");
    await bob.getByTestId("speed-pause").click();
    await expect.poll(() => speed.getAttribute("data-speed")).toBe("normal");
    await bob.getByTestId("speed-faster").click();
    await expect.poll(() => speed.getAttribute("data-speed")).toBe("fast");
    expect(await bob.getByTestId("error-message").count()).toBe(0);
    expect(pageErrors).toEqual([]);

    await contextA.close();
    await contextB.close();
  });
});
