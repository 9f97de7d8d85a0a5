import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import type { QwirkleMove, QwirkleView } from "../../shared/games/qwirkle";
import { qwirkleView } from "../support/qwirkle";
import { readHand } from "./browser";

/** The sizes the table's browser tests look at: a phone held upright (touch, French) and a laptop (English). */
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "fr-FR" } as const;
export const LAPTOP = { viewport: { width: 1280, height: 800 }, locale: "en-GB" } as const;
/** A phone held sideways. */
export const SIDEWAYS = { viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true, locale: "fr-FR" } as const;

/** A started two-player Qwirkle room, its seats claimed through a socket: Alice (the creator, seat 0, who moves first) and Bob. */
export async function startedRoom(url: string) {
  const { roomId, creatorToken } = await createRoom(url, "qwirkle", { mode: "quick" });
  const client = await TestClient.connect(url);
  expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
  const alice = expectOk(await client.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
  const bob = expectOk(await client.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" })).seatToken;
  expectOk(await client.emit("game:start", { roomId, creatorToken }));
  return { roomId, creatorToken, alice, bob, client };
}

/** Opens the room on a new device that holds these tokens (a handoff link, as a phone would open it), and waits for the hand. */
export async function openSeated(browser: Browser, url: string, roomId: string, options: BrowserContextOptions, tokens: { seat: string; creator?: string }) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await gotoSeated(page, url, roomId, tokens);
  return { context, page };
}

/** Opens the room in this page with a handoff fragment (no user gesture: `goto` is not one) and waits for the hand. */
export async function gotoSeated(page: Page, url: string, roomId: string, tokens: { seat: string; creator?: string }): Promise<void> {
  const fragment = new URLSearchParams({ seat: tokens.seat, ...(tokens.creator ? { creator: tokens.creator } : {}) });
  await page.goto(`${url}/r/${roomId}#${fragment.toString()}`);
  await expect.poll(() => readHand(page).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
}

/**
 * One Qwirkle move for `seat`, played through its own socket (another player, elsewhere): an exchange of
 * one tile, the one move that never ends the game (a placement can block a quick game of 36 tiles:
 * about 1 in 400 random deals ends within two scripted placements). Returns the new move number.
 */
export async function moveBy(url: string, roomId: string, seat: number, seatToken: string): Promise<number> {
  const client = await TestClient.connect(url);
  try {
    const snapshot = expectOk(await client.emit("room:watch", { roomId, seatTokens: [seatToken] })).snapshot;
    expect(snapshot.currentSeats).toEqual([seat]);
    return expectOk(await client.emit("game:move", { roomId, seat, seatToken, move: exchangeOne(qwirkleView(snapshot, seat)) })).moveNumber;
  } finally {
    client.close();
  }
}

function exchangeOne(view: QwirkleView): QwirkleMove {
  const tile = view.hand?.[0];
  expect(view.bagCount, "the bag has a tile to exchange with").toBeGreaterThan(0);
  if (!tile) throw new Error(`seat ${view.seat} holds no tile`);
  return { type: "exchange", tiles: [tile] };
}

/** A browser-side script that makes the page believe its tab was hidden (or shown again). */
export const visibility = (hidden: boolean): string => `
  Object.defineProperty(document, "hidden", { configurable: true, get: () => ${hidden} });
  Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "${hidden ? "hidden" : "visible"}" });
  document.dispatchEvent(new Event("visibilitychange"));
`;

/**
 * A room bar tool as a player reaches it: a seated player's rarer tools (turn alerts, another device,
 * the rules) wait behind « Autres outils », which this opens first if it is shown.
 */
export async function roomTool(page: Page, testId: string): Promise<Locator> {
  const more = page.getByTestId("more-tools");
  if ((await more.isVisible()) && (await more.getAttribute("aria-expanded")) === "false") await more.click();
  return page.getByTestId(testId);
}
