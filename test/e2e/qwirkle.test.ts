import { mkdir } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { browserAvailable, compatible, place, readHand, useBrowserAndServer } from "./browser";
import { PHONE } from "./seated";

/**
 * Two browsers play the opening of a Qwirkle game through the real UI: create the room, share the
 * link, claim seats, start, and each play one legal move by tapping a hand tile then a board cell.
 */
const SCREENSHOT = path.resolve("test-results", "qwirkle-board.png");
const HAND_SIZE = 6;
const FIRST_CELL = { row: 5, col: 12 }; // the middle of the 12×26 board

const hasBrowser = browserAvailable("Qwirkle browser test");

describe.skipIf(!hasBrowser)("Qwirkle in two browsers", () => {
  const env = useBrowserAndServer();

  it("creates a room, seats two players and lets each play a legal move", async () => {
    const hostContext = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US" });
    const guestContext = await env.browser.newContext(PHONE); // a phone
    const host = await hostContext.newPage();
    const guest = await guestContext.newPage();
    const pageErrors: string[] = [];
    for (const page of [host, guest]) page.on("pageerror", (error) => pageErrors.push(error.message));

    // The host creates the room from the home page (12×26 board, normal mode: the defaults).
    await host.goto(env.server.url);
    await host.getByTestId("create-qwirkle").click();
    await host.getByTestId("create-room").click();
    const shareLink = host.getByTestId("share-link");
    await expect.poll(() => shareLink.inputValue()).toMatch(/\/r\/[A-Za-z0-9_-]{16,}$/u);
    const link = await shareLink.inputValue();
    expect(link.startsWith(env.server.url)).toBe(true);
    await expect.poll(() => host.getByTestId("connection-status").getAttribute("data-status")).toBe("online");

    // Both take a seat; the guest opens the shared link on a phone with a French env.browser.
    await host.getByTestId("nickname-input").fill("Alice");
    await host.getByTestId("claim-0").click();
    await expect.poll(() => host.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");

    await guest.goto(link);
    expect(await guest.getByTestId("lang-switch").getAttribute("data-lang")).toBe("fr");
    await guest.getByTestId("nickname-input").fill("Bob");
    // Seat 2, leaving seat 1 free: at the start unused seats are removed and Bob becomes seat 1,
    // which the client must follow (its tokens are not tied to the lobby's seat numbers).
    await guest.getByTestId("claim-2").click();
    await expect.poll(() => host.getByTestId("seat-2").getAttribute("data-kind")).toBe("human");
    expect(await host.getByTestId("seat-2").textContent()).toContain("Bob");

    await host.getByTestId("start-game").click();
    await host.getByTestId("board").waitFor();
    await guest.getByTestId("board").waitFor();
    expect(await host.getByTestId("bag-count").getAttribute("data-count")).toBe(String(108 - 2 * HAND_SIZE));

    // Whoever holds the turn sees the Play button; the other sees their hand but cannot place.
    const hostFirst = await host.getByTestId("confirm-move").isVisible();
    const [first, second] = hostFirst ? [host, guest] : [guest, host];
    const secondSeat = hostFirst ? 1 : 0; // seat numbers after the start: Alice 0, Bob 1
    await expect.poll(() => second.getByTestId("confirm-move").count()).toBe(0);

    // Pick a pair of tiles the two players can line up: the first move may go anywhere, the
    // second must touch it and share exactly one of shape/colour.
    const firstHand = await readHand(first);
    const secondHand = await readHand(second);
    const pair = firstHand
      .flatMap((a) => secondHand.map((b) => [a, b] as const))
      .find(([a, b]) => compatible(a, b));

    const opening = pair?.[0] ?? firstHand[0];
    if (opening === undefined) throw new Error("the first player has no tiles");
    await place(first, opening.index, FIRST_CELL.row, FIRST_CELL.col);
    await expect.poll(() => first.getByTestId("move-preview").textContent()).toMatch(/1/u);
    await first.getByTestId("confirm-move").click();

    // The second player sees the tile arrive and gets the turn.
    const firstCell = second.getByTestId(`cell-${FIRST_CELL.row}-${FIRST_CELL.col}`);
    await expect.poll(() => firstCell.getAttribute("data-shape")).toBe(opening.shape);
    expect(await firstCell.getAttribute("data-color")).toBe(opening.color);
    await second.getByTestId("confirm-move").waitFor();

    if (pair === undefined) {
      // Extremely unlikely (no compatible tiles among 36 pairs): exchange, still a legal move.
      console.warn("Qwirkle browser test: no compatible tiles, the second player exchanges instead");
      await second.getByTestId("exchange-open").click();
      await second.getByTestId("exchange-tile-0").click();
      await second.getByTestId("exchange-confirm").click();
      await expect.poll(() => first.getByTestId("confirm-move").count()).toBe(1);
    } else {
      const reply = pair[1];
      // A tile far from the first one is refused in the preview, before anything is sent.
      await place(second, reply.index, 0, 0);
      await expect.poll(() => second.getByTestId("move-preview").getAttribute("data-verdict")).toBe("illegal");
      expect(await second.getByTestId("confirm-move").isDisabled()).toBe(true);
      await second.getByTestId("undo-move").click();

      await place(second, reply.index, FIRST_CELL.row, FIRST_CELL.col + 1);
      await expect.poll(() => second.getByTestId("move-preview").getAttribute("data-verdict")).toBe("legal");
      await second.getByTestId("confirm-move").click();

      const replyCell = first.getByTestId(`cell-${FIRST_CELL.row}-${FIRST_CELL.col + 1}`);
      await expect.poll(() => replyCell.getAttribute("data-shape")).toBe(reply.shape);
      await expect.poll(() => first.getByTestId(`score-${secondSeat}`).textContent()).toBe("2");
    }
    // The turn is back with the first player.
    await expect.poll(() => first.getByTestId("confirm-move").count()).toBe(1);
    expect(await first.getByTestId("turn-indicator").getAttribute("data-seats")).toBe(String(1 - secondSeat));
    expect(await first.getByTestId("error-message").count()).toBe(0);
    expect(await second.getByTestId("error-message").count()).toBe(0);

    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await host.getByTestId("board").screenshot({ path: SCREENSHOT });
    expect(pageErrors).toEqual([]);

    await hostContext.close();
    await guestContext.close();
  });
});
