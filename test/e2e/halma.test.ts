import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { formatMove, gridOf, reachable, type Cell, type HalmaMove, type HalmaMoveSummary, type HalmaView } from "../../shared/games/halma";
import { TestClient } from "../support/client";
import { chainMove, greedyMove, halmaView, movesOf } from "../support/halma";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { PHONE, SIDEWAYS } from "./seated";

/**
 * Halma, human against the computer, through the real UI: create the room, give seat 2 to a
 * computer, play by tapping pieces and cells until a two-jump chain is there, play it hop by hop
 * and check the computer's answer blinks (the board's data-blink-count and the `blink` class).
 *
 * data-testids: create-halma, create-room, nickname-input, claim-0, configure-<seat>, start-game,
 *   board[data-blink-count|data-animating|data-move-count], cell-<row>-<col>[data-piece|data-reach|data-next],
 *   moving-piece (the animated piece, class `blink` while it blinks), move-status[data-state],
 *   chain-text[data-jumps], finish-move, move-error[data-code], halma-player-<seat>, round-counter,
 *   notation-input, notation-submit, zoom-in, zoom-out, halma-rules, rules-win.
 */
const hasBrowser = browserAvailable("Halma browser test");
const SHOTS = path.resolve("test-results");

/** Taps the piece, then each later cell of the path, then "Finish move"; returns the chain's jump count shown. */
async function playByTaps(page: Page, move: HalmaMove): Promise<number> {
  await expect.poll(() => page.getByTestId("move-status").getAttribute("data-state"), { timeout: 20_000 }).toBe("pick");
  const [start, ...rest] = move.path;
  if (start === undefined) throw new Error("empty move");
  await page.getByTestId(`cell-${start.row}-${start.col}`).click();
  await expect.poll(() => page.getByTestId("move-status").getAttribute("data-state")).toBe("where");
  for (const cell of rest) await page.getByTestId(`cell-${cell.row}-${cell.col}`).click();
  const jumps = Number((await page.getByTestId("chain-text").getAttribute("data-jumps")) ?? "-1");
  await page.getByTestId("finish-move").click();
  return jumps;
}

/** A move after which `seat` would have a two-jump chain (ignoring the opponent's reply), else greedy. */
function ladderMove(view: HalmaView, seat: number): HalmaMove {
  for (const move of movesOf(view, seat)) {
    const from = move.path[0] as Cell;
    const to = move.path[move.path.length - 1] as Cell;
    const pieces = view.pieces.map((cells, s) => (s === seat ? cells.map((c) => (c.row === from.row && c.col === from.col ? to : c)) : cells));
    if (chainMove({ ...view, pieces }, seat, 2) !== null) return move;
  }
  return greedyMove(view, seat);
}

/**
 * Two fingers spread from 60 to 160 px apart about the middle of the board's scroller (Chrome's touch
 * events, through the DevTools protocol): the largest zoom, the cell between them still there.
 */
async function pinchAtCentre(page: Page, context: BrowserContext): Promise<void> {
  const board = (await page.getByTestId("board").boundingBox())!;
  const [cx, cy] = [board.x + board.width / 2, board.y + board.height / 2];
  const fingers = (apart: number) => [
    { x: cx - apart, y: cy, id: 1 },
    { x: cx + apart, y: cy, id: 2 },
  ];
  const before = await middleOf(page);
  const touch = await context.newCDPSession(page);
  await touch.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(30) });
  for (const apart of [40, 50, 60, 70, 80]) await touch.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
  await touch.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(() => page.getByTestId("board").getAttribute("data-zoom")).toBe("2.20");
  await expectStill(page, before, 2.2);
}

/** The board cell under the middle of the board's scroller, and how far its own centre is from that middle (px). */
interface Middle {
  readonly cell: string; // `${row}-${col}`
  readonly dx: number;
  readonly dy: number;
}

/** An element's box on the screen (a DOMRect's JSON). */
interface Rect {
  readonly top: number;
  readonly bottom: number;
  readonly left: number;
  readonly right: number;
  readonly width: number;
  readonly height: number;
}

/** Each row's number beside its row, 16 at the top. */
async function expectNumbersBesideRows(page: Page): Promise<void> {
  const numbers = await page
    .getByTestId("board")
    .locator(".rows > span")
    .evaluateAll((spans) => spans.map((span) => ({ text: span.textContent, box: span.getBoundingClientRect().toJSON() as Rect })));
  expect(numbers.map((n) => n.text)).toEqual(Array.from({ length: 16 }, (_, i) => String(16 - i)));
  for (const [row, number] of numbers.entries()) {
    const cell = await page.getByTestId(`cell-${row}-0`).evaluate((el) => el.getBoundingClientRect().toJSON() as Rect);
    expect(Math.abs((number.box.top + number.box.bottom) / 2 - (cell.top + cell.bottom) / 2), `row ${number.text}`).toBeLessThan(cell.height / 2);
  }
}

async function middleOf(page: Page, cell?: string): Promise<Middle> {
  const board = (await page.getByTestId("board").boundingBox())!;
  const [x, y] = [board.x + board.width / 2, board.y + board.height / 2];
  type Found = { closest(selector: string): { getAttribute(name: string): string | null } | null } | null;
  const id =
    cell ??
    (await page.evaluate(([px, py]) => {
      const found = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): Found } }).document.elementFromPoint(px!, py!)?.closest("[data-row]");
      return found ? `${found.getAttribute("data-row")}-${found.getAttribute("data-col")}` : "";
    }, [x, y]));
  expect(id, "a board cell under the middle of the scroller").not.toBe("");
  const box = (await page.getByTestId(`cell-${id}`).boundingBox())!;
  return { cell: id, dx: box.x + box.width / 2 - x, dy: box.y + box.height / 2 - y };
}

/**
 * The cell that was in the middle is where it was, its distance from the middle grown with the zoom
 * (`ratio`), give or take a quarter of a cell (each step of a pinch scrolls to whole pixels).
 */
async function expectStill(page: Page, before: Middle, ratio: number): Promise<void> {
  const after = await middleOf(page, before.cell);
  const slack = (await page.getByTestId(`cell-${before.cell}`).boundingBox())!.width / 4;
  expect(Math.abs(after.dx - before.dx * ratio)).toBeLessThan(slack);
  expect(Math.abs(after.dy - before.dy * ratio)).toBeLessThan(slack);
}

describe.skipIf(!hasBrowser)("Halma against the computer in a browser", () => {
  const env = useBrowserAndServer();

  it("plays a two-jump chain by tapping, and the computer answers blinking", async () => {
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 1000 }, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await page.goto(env.server.url);
    await page.getByTestId("create-halma").click();
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    await page.getByTestId("configure-1").selectOption("computer:hard");
    await expect.poll(() => page.getByTestId("seat-1").getAttribute("data-kind")).toBe("computer");
    for (const seat of [2, 3]) {
      await page.getByTestId(`configure-${seat}`).selectOption("closed");
      await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind")).toBe("closed");
    }
    await page.getByTestId("start-game").click();
    await page.getByTestId("board").waitFor();
    const roomId = /\/r\/([A-Za-z0-9_-]+)/u.exec(page.url())?.[1];
    if (roomId === undefined) throw new Error(`no room id in ${page.url()}`);

    // A spectator socket reads the position, as the scripted player's eyes.
    const eyes = await TestClient.connect(env.server.url);
    await eyes.emit("room:watch", { roomId, seatTokens: [] });
    const viewAt = async (moveNumber: number): Promise<HalmaView> =>
      halmaView(await eyes.waitFor((s) => s.room.moveNumber === moveNumber && s.room.status === "playing", 20_000));

    // The human plays first: 19 red pieces, the lit cells of a chosen piece are exactly `reachable`.
    const opening = await viewAt(0);
    expect(opening.pieces.map((p) => p.length)).toEqual([19, 19]);
    expect(await page.getByTestId("halma-player-0").getAttribute("data-turn")).toBe("true");
    const probe = opening.pieces[0]?.find((c) => reachable(opening.pieces.flat(), c).length > 0) as Cell;
    await page.getByTestId(`cell-${probe.row}-${probe.col}`).click();
    const lit = await page.locator('[data-reach="true"]').evaluateAll((els) => els.map((e) => `${e.getAttribute("data-row")},${e.getAttribute("data-col")}`));
    expect(lit.sort()).toEqual(reachable(opening.pieces.flat(), probe).map((c) => `${c.row},${c.col}`).sort());
    // A screen reader hears the same cells ("e5, the move can end here"), and only those.
    const heard = await page.locator('[data-testid^="cell-"][aria-label*="the move can end here"]').evaluateAll((els) => els.map((e) => `${e.getAttribute("data-row")},${e.getAttribute("data-col")}`));
    expect(heard.sort()).toEqual(lit.sort());
    // The 256 cells are one Tab stop; the arrows move between them.
    expect(await page.locator('[data-testid^="cell-"][tabindex="0"]').count()).toBe(1);
    await page.getByTestId(`cell-${probe.row}-${probe.col}`).focus();
    await page.keyboard.press(probe.col < 15 ? "ArrowRight" : "ArrowLeft");
    expect(await page.evaluate("document.activeElement?.getAttribute('data-testid')")).toBe(`cell-${probe.row}-${probe.col < 15 ? probe.col + 1 : probe.col - 1}`);
    await page.keyboard.press(probe.row > 0 ? "ArrowUp" : "ArrowDown");
    expect(await page.evaluate("document.activeElement?.getAttribute('data-row')")).toBe(String(probe.row > 0 ? probe.row - 1 : probe.row + 1));
    expect(await page.locator('[data-testid^="cell-"][tabindex="0"]').count()).toBe(1);
    // A cell it cannot reach says why, without sending anything.
    await page.getByTestId("cell-8-8").click();
    await expect.poll(() => page.getByTestId("move-error").getAttribute("data-code")).toBe("NOT_REACHABLE");
    await page.getByTestId("cancel-move").click();

    // Tap moves until a chain of two jumps is on offer (building one like a ladder), then play it.
    let moveNumber = 0;
    let chain: HalmaMove | null = null;
    for (let turn = 0; turn < 12 && chain === null; turn++) {
      const view = await viewAt(moveNumber);
      chain = chainMove(view, 0, 2);
      if (chain !== null) break;
      await playByTaps(page, ladderMove(view, 0));
      moveNumber += 2; // ours, then the computer's
    }
    if (chain === null) throw new Error("no two-jump chain came up");
    // Let the computer's last answer finish blinking, so the count below starts from a still board.
    await expect.poll(() => page.getByTestId("board").getAttribute("data-animating"), { timeout: 20_000 }).toBe("false");
    const blinksBefore = Number(await page.getByTestId("board").getAttribute("data-blink-count"));
    if (moveNumber > 0) expect(blinksBefore).toBeGreaterThanOrEqual(4);
    const jumps = await playByTaps(page, chain);
    expect(jumps).toBeGreaterThanOrEqual(2);

    // The server recorded the chain, then the computer answered…
    const answered = await eyes.waitFor((s) => s.room.moveNumber >= moveNumber + 2, 20_000);
    const ours = answered.log.find((e) => e.moveNumber === moveNumber + 1)?.summary as HalmaMoveSummary;
    expect(ours.notation).toBe(formatMove(chain));
    expect(ours.kind).toBe("jump");
    expect(ours.path.length).toBeGreaterThanOrEqual(3);
    const reply = answered.log.find((e) => e.moveNumber === moveNumber + 2)?.summary as HalmaMoveSummary;

    // …and its piece blinks on the board: the class shows, and the count reaches 4 + 2 per landing.
    await page.locator('[data-testid="moving-piece"].blink').waitFor({ timeout: 10_000 });
    const expected = blinksBefore + 4 + 2 * (reply.path.length - 1);
    await expect.poll(() => page.getByTestId("board").getAttribute("data-blink-count"), { timeout: 15_000 }).toBe(String(expected));
    await expect.poll(() => page.getByTestId("board").getAttribute("data-animating")).toBe("false");
    // After the animation the board shows the real position: the computer's piece on its landing.
    const end = reply.path[reply.path.length - 1] as Cell;
    expect(await page.getByTestId(`cell-${end.row}-${end.col}`).getAttribute("data-piece")).toBe("1");
    expect(await page.getByTestId("path-last").getAttribute("data-length")).toBe(String(reply.path.length));

    // Typed notation works too, and a wrong one is explained.
    await page.getByTestId("notation-input").fill("a1-a2");
    await page.getByTestId("notation-submit").click();
    await expect.poll(() => page.getByTestId("move-error").getAttribute("data-code")).toBe("CELL_OCCUPIED");
    const typed = greedyMove(await viewAt(moveNumber + 2), 0);
    await page.getByTestId("notation-input").fill(formatMove(typed));
    await page.getByTestId("notation-submit").click();
    await eyes.waitFor((s) => s.room.moveNumber >= moveNumber + 3, 20_000);

    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "halma-desktop.png"), fullPage: true });

    // On a phone the board fits the width; the zoom makes cells bigger.
    const phone = await env.browser.newContext(PHONE);
    const mobile = await phone.newPage();
    mobile.on("pageerror", (error) => pageErrors.push(error.message));
    await mobile.goto(page.url());
    await mobile.getByTestId("board").waitFor();
    const width = await mobile.getByTestId("board").evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBeLessThanOrEqual(390);
    const cellWidth = async (): Promise<number> => mobile.getByTestId("cell-0-0").evaluate((el) => el.getBoundingClientRect().width);
    const small = await cellWidth();
    await mobile.screenshot({ path: path.join(SHOTS, "halma-phone.png"), fullPage: true });
    // Two fingers spread on the board zoom it (not the page: the board's scroller keeps pinches), about the
    // point between them; the buttons then go from stop to stop.
    await pinchAtCentre(mobile, phone);
    await expect.poll(cellWidth).toBeGreaterThan(small * 2); // 80/30 apart, up to the largest stop (2.2)
    const pageScale = () => (globalThis as unknown as { visualViewport?: { scale: number } }).visualViewport?.scale ?? 1;
    expect(await mobile.evaluate(pageScale)).toBe(1); // the page itself did not zoom
    expect(Number(await mobile.getByTestId("board").getAttribute("data-zoom"))).toBeCloseTo(2.2, 1);
    await mobile.screenshot({ path: path.join(SHOTS, "halma-phone-pinched.png") });
    await mobile.getByTestId("zoom-out").click();
    await expect.poll(() => mobile.getByTestId("board").getAttribute("data-zoom")).toBe("1.50");
    await mobile.getByTestId("zoom-out").click();
    await expect.poll(cellWidth).toBeLessThan(small * 1.05);
    expect(await mobile.getByTestId("zoom-out").isDisabled()).toBe(true);
    await mobile.getByTestId("zoom-in").click();
    await expect.poll(cellWidth).toBeGreaterThan(small * 1.3);

    // Held sideways the whole board is narrower than the space beside it (centred by its margins): each
    // tap of + keeps the cell in the middle in the middle.
    const sideways = await env.browser.newContext(SIDEWAYS);
    const turned = await sideways.newPage();
    await turned.goto(page.url());
    await turned.getByTestId("board").waitFor();
    await turned.screenshot({ path: path.join(SHOTS, "halma-sideways.png") });
    // The whole board in sight at first, its corners inside its scroller and the screen; each row's number
    // beside its row (sixteen lines of text, taller than these small cells, stretched the numbers down
    // to "3" beside the bottom row); the zoom beside the board rather than a row over it.
    const rectOf = (testId: string) => turned.getByTestId(testId).evaluate((el) => el.getBoundingClientRect().toJSON() as Rect);
    const scrollerBox = await rectOf("board");
    for (const corner of ["cell-0-0", "cell-15-15"]) {
      const box = await rectOf(corner);
      expect(box.top, corner).toBeGreaterThanOrEqual(scrollerBox.top - 0.5);
      expect(box.bottom, corner).toBeLessThanOrEqual(Math.min(scrollerBox.bottom, 390) + 0.5);
    }
    await expectNumbersBesideRows(turned);
    // With the chat open beside the table the board is smaller still: the zoom goes under it (beside
    // it, it took a fifth of the board's width: cells of 10 px), and board and zoom stay in sight.
    await turned.getByTestId("chat-toggle").click();
    await turned.getByTestId("chat-input").waitFor();
    await expectNumbersBesideRows(turned);
    const withChat = { board: await rectOf("board"), cell: await rectOf("cell-0-0"), zoom: await rectOf("zoom-in") };
    expect(withChat.cell.width, "a cell with the chat open").toBeGreaterThanOrEqual(12); // 13.2 px; 10 px beside
    expect(withChat.zoom.top, "the zoom under the board").toBeGreaterThanOrEqual(withChat.board.bottom);
    expect(withChat.zoom.bottom, "the zoom in sight").toBeLessThanOrEqual(390 + 0.5);
    await turned.screenshot({ path: path.join(SHOTS, "halma-sideways-chat.png") });
    await turned.getByTestId("chat-toggle").click();
    await turned.getByTestId("chat-input").waitFor({ state: "hidden" });
    expect((await rectOf("zoom-in")).left).toBeGreaterThanOrEqual(scrollerBox.right);
    expect(scrollerBox.height).toBeGreaterThan(390 * 0.7);
    for (const [stop, ratio] of [["1.50", 1.5], ["2.20", 2.2 / 1.5]] as const) {
      const before = await middleOf(turned);
      await turned.getByTestId("zoom-in").click();
      await expect.poll(() => turned.getByTestId("board").getAttribute("data-zoom")).toBe(stop);
      await expectStill(turned, before, ratio);
    }
    await turned.screenshot({ path: path.join(SHOTS, "halma-sideways-zoomed.png") });
    await sideways.close();

    // The rules page explains Parlett's anti-blocking rule.
    await mobile.goto(`${env.server.url}/rules/halma`);
    await mobile.getByTestId("halma-rules").waitFor();
    expect(await mobile.getByTestId("halma-rules").textContent()).toContain("Parlett");
    await mobile.screenshot({ path: path.join(SHOTS, "halma-rules-phone.png"), fullPage: true });

    eyes.close();
    expect(gridOf(opening.pieces).length).toBe(256);
    expect(pageErrors).toEqual([]);
    await phone.close();
    await context.close();
  });
});
