import type { Page } from "playwright-core";
import { expect } from "vitest";
import { formatMove } from "../../shared/games/qwirkle/notation";
import type { QwirkleMove } from "../../shared/games/qwirkle";
import { expectOk, TestClient } from "../support/client";
import { qwirkleView, scriptedMove } from "../support/qwirkle";
import { moveNumber, readHand } from "./browser";

/** Plays `move` through the page: typed notation for tiles laid, the dialog for an exchange, the pass button. */
export async function playInPage(page: Page, move: QwirkleMove): Promise<void> {
  if (move.type === "place") {
    await page.getByTestId("notation-input").fill(formatMove(move.placements));
    await page.getByTestId("notation-submit").click();
  } else if (move.type === "exchange") {
    const hand = await readHand(page);
    await page.getByTestId("exchange-open").click();
    for (const tile of move.tiles) await page.getByTestId(`exchange-tile-${hand.findIndex((t) => t.shape === tile.shape && t.color === String(tile.color))}`).click();
    await page.getByTestId("exchange-confirm").click();
  } else {
    await page.getByTestId("pass").click();
  }
}

/**
 * Plays a Qwirkle game to its end, each move in the page of the seat whose turn it is (`pages[seat]`).
 * The test reads the hands (each seat's token, as each browser stored it) only to choose the moves;
 * every move is made in its player's own page.
 */
export async function playQwirkleInPages(serverUrl: string, roomId: string, pages: readonly Page[]): Promise<void> {
  const tokenOf = async (page: Page) => JSON.parse((await page.evaluate(`localStorage.getItem("tablee:seats:${roomId}")`)) as string)[0] as string;
  const eyes = await TestClient.connect(serverUrl);
  try {
    expectOk(await eyes.emit("room:watch", { roomId, seatTokens: await Promise.all(pages.map(tokenOf)) }));
    for (let moves = 0; moves < 300; moves++) {
      const snapshot = eyes.latest;
      if (snapshot.room.status === "finished") return;
      const seat = snapshot.currentSeats[0]!;
      const page = pages[seat]!;
      await expect.poll(() => moveNumber(page), { timeout: 10_000 }).toBe(snapshot.room.moveNumber);
      await playInPage(page, scriptedMove(qwirkleView(snapshot, seat)));
      await eyes.waitFor((s) => s.room.moveNumber > snapshot.room.moveNumber, 15_000);
    }
    throw new Error("the game did not end within 300 moves");
  } finally {
    eyes.close();
  }
}
