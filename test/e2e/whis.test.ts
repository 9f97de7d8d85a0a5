import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createRoom } from "../support/client";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { PHONE, roomTool, SIDEWAYS } from "./seated";

/**
 * WHIS in the browser against a computer: the human plays a card (tap, then Play), draws with the
 * seed's Shift key, and plays a Light then picks the element asked with the coloured buttons. The
 * room is created with a deck of 10 Lights so one comes quickly; a refused card is explained.
 *
 * data-testids used: nickname-input, claim-0, configure-1, start-game, board[data-phase,data-move-count,
 * data-finished], whis-prompt[data-mine], hand-card-<i>[data-kind,data-element,data-playable],
 * play-card, draw-card[data-action], keep-card, element-choice, element-<water|fire|wind>,
 * whis-illegal[data-code], top-card, asked[data-element], pile-count, direction, player-<seat>,
 * open-rules, rules-tab-cards, whis-cards, close-rules.
 */
const hasBrowser = browserAvailable("WHIS browser test");
const SHOTS = path.resolve("test-results");
const DECK = { simple: 9, attack: 3, special: 3, transition: 3, light: 10, darkness: 3 };

interface HandCard {
  readonly index: number;
  readonly kind: string;
  readonly element: string;
  readonly playable: boolean;
}

async function readHand(page: Page): Promise<HandCard[]> {
  const cards = page.locator('[data-testid^="hand-card-"]');
  const count = await cards.count();
  const out: HandCard[] = [];
  for (let index = 0; index < count; index++) {
    const card = page.getByTestId(`hand-card-${index}`);
    out.push({
      index,
      kind: (await card.getAttribute("data-kind")) ?? "",
      element: (await card.getAttribute("data-element")) ?? "",
      playable: (await card.getAttribute("data-playable")) === "true",
    });
  }
  return out;
}

const moveCount = async (page: Page): Promise<number> => Number(await page.getByTestId("board").getAttribute("data-move-count"));
const chooses = (card: HandCard): boolean => card.kind === "light" || card.kind === "darkness" || (card.kind === "special" && card.element === "water");

/** Waits until it is the human's turn (true) or the game is over (false). */
async function myTurn(page: Page): Promise<boolean> {
  await expect
    .poll(
      async () => {
        if ((await page.getByTestId("board").getAttribute("data-finished")) === "true") return "over";
        return (await page.getByTestId("whis-prompt").getAttribute("data-mine").catch(() => null)) === "true" ? "mine" : "wait";
      },
      { timeout: 15_000 },
    )
    .not.toBe("wait");
  return (await page.getByTestId("board").getAttribute("data-finished")) !== "true";
}

/** Runs `action` and waits until the position changed (the server accepted the move). */
async function moved(page: Page, action: () => Promise<void>): Promise<void> {
  const before = await moveCount(page);
  await action();
  await expect.poll(() => moveCount(page), { timeout: 10_000 }).toBeGreaterThan(before);
}

/** The room's host takes seat 1, gives seat 2 to a medium computer and starts the game, through the room page. */
async function sitAgainstTheComputer(page: Page, url: string, roomId: string, creatorToken: string): Promise<void> {
  // The creator's token is what the create-room page would have stored.
  await page.goto(url);
  // (A string expression: the test files are type-checked without the DOM library.)
  await page.evaluate(`localStorage.setItem(${JSON.stringify(`tablee:creator:${roomId}`)}, ${JSON.stringify(creatorToken)})`);
  await page.goto(`${url}/r/${roomId}`);
  await page.getByTestId("nickname-input").fill("Ada");
  await page.getByTestId("claim-0").click();
  await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
  await page.getByTestId("configure-1").selectOption("computer:medium");
  await expect.poll(() => page.getByTestId("seat-1").getAttribute("data-kind")).toBe("computer");
  await page.getByTestId("start-game").click();
  await page.getByTestId("board").waitFor();
}

describe.skipIf(!hasBrowser)("WHIS in the browser", () => {
  const env = useBrowserAndServer();

  it("plays a card, draws with Shift, and chooses the element after a Light", async () => {
    const { roomId, creatorToken } = await createRoom(env.server.url, "whis", { deck: DECK });
    const context = await env.browser.newContext({ viewport: { width: 1100, height: 900 }, locale: "en-US" });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));

    await sitAgainstTheComputer(page, env.server.url, roomId, creatorToken);

    // The table: 2 players with 6 cards, a simple card in play, the pile, the direction.
    expect(await page.getByTestId("top-card").getAttribute("data-kind")).toBe("simple");
    expect(await page.getByTestId("pile-count").getAttribute("data-count")).toBe(String(67 - 12 - 1));
    expect(await page.getByTestId("direction").getAttribute("data-direction")).toBe("1");
    expect(await page.getByTestId("player-0").getAttribute("data-turn")).toBe("true"); // seat 0 begins
    expect(await page.getByTestId("player-1").getAttribute("data-count")).toBe("6");

    let played = false;
    let drew = false;
    let light = false;
    let explained = false;
    for (let turn = 0; turn < 80 && !(played && drew && light); turn++) {
      if (!(await myTurn(page))) break;
      const hand = await readHand(page);
      if ((await page.getByTestId("board").getAttribute("data-phase")) === "drawn") {
        await moved(page, () => page.getByTestId("keep-card").click());
        continue;
      }
      const blocked = hand.find((c) => !c.playable);
      if (!explained && blocked !== undefined) {
        // A card that cannot go: tapping it explains why (a translated rule), nothing is sent.
        await page.getByTestId(`hand-card-${blocked.index}`).click();
        const code = await page.getByTestId("whis-illegal").getAttribute("data-code");
        expect(["CARD_NOT_COMPATIBLE", "ATTACK_ACTIVE"]).toContain(code);
        expect(await page.getByTestId("play-card").isDisabled()).toBe(true);
        explained = true;
      }
      const lightCard = hand.find((c) => c.kind === "light" && c.playable);
      const plain = hand.find((c) => c.playable && !chooses(c));
      if (!light && lightCard !== undefined) {
        const before = await moveCount(page);
        await page.getByTestId(`hand-card-${lightCard.index}`).click();
        await page.getByTestId("play-card").click();
        await page.getByTestId("element-choice").waitFor();
        expect(await page.getByTestId("hand-card-0").count()).toBe(1); // still our hand, nothing sent yet
        expect(await moveCount(page)).toBe(before);
        await moved(page, () => page.getByTestId("element-fire").click());
        light = true;
      } else if (!played && plain !== undefined) {
        await page.getByTestId(`hand-card-${plain.index}`).click();
        await moved(page, () => page.getByTestId("play-card").click());
        played = true;
      } else if (!drew) {
        // The seed's key: Shift draws (or passes when a card could be played), with the board focused.
        const action = await page.getByTestId("draw-card").getAttribute("data-action");
        expect(["draw", "pass"]).toContain(action);
        // Shift+Tab only moves the focus back, and Enter on a focused button is that button's: no draw, no pass, no play.
        const before = await moveCount(page);
        await page.getByTestId(`hand-card-${hand[0]!.index}`).click();
        await page.keyboard.press("Shift+Tab");
        await page.getByTestId("draw-card").focus();
        await page.keyboard.press("Shift+Tab");
        await page.waitForTimeout(300);
        expect(await moveCount(page)).toBe(before);
        await page.getByTestId("board").focus();
        await moved(page, () => page.keyboard.press("Shift"));
        drew = true;
      } else if (plain !== undefined) {
        // Keyboard play: the selection moves with the arrows, Enter plays it; from the table's stage too,
        // where the room puts the focus back when a move took away the focused control.
        await page.evaluate('document.querySelector("[data-testid=board]").closest(".stage").focus()');
        for (let i = 0; i < hand.length && (await page.getByTestId(`hand-card-${plain.index}`).getAttribute("data-selected")) !== "true"; i++) {
          await page.keyboard.press("ArrowRight");
        }
        await moved(page, () => page.keyboard.press("Enter"));
      } else {
        await moved(page, () => page.getByTestId("draw-card").click());
      }
    }
    expect({ played, drew, light }).toEqual({ played: true, drew: true, light: true });
    expect(explained).toBe(true);
    await mkdir(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "whis-desktop.png"), fullPage: true });

    // What the server recorded for the human: a plain card, a draw or pass, and a Light asking Fire.
    const moves = await env.server.db.prisma.roomMove.findMany({ where: { roomId, seat: 0 }, orderBy: { moveNumber: "asc" } });
    const sent = moves.map((m) => m.move as { type: string; card?: { kind: string }; ask?: string });
    expect(sent.some((m) => m.type === "play" && m.card?.kind !== "light")).toBe(true);
    expect(sent.some((m) => m.type === "draw" || m.type === "pass")).toBe(true);
    expect(sent).toContainEqual({ type: "play", card: { kind: "light" }, ask: "fire" });
    expect(await page.getByTestId("error-message").count()).toBe(0);

    // The Cards page, through the rules dialog's second tab.
    await (await roomTool(page, "open-rules")).click();
    await page.getByTestId("rules-tab-cards").click();
    await expect.poll(() => page.locator('[data-testid^="card-entry-"]').count()).toBe(14); // 4 kinds × 3 elements + Light + Darkness
    // The rules' texts come with the rules' own chunk: shown as words, never as their keys.
    expect(await page.getByTestId("rules-dialog").textContent()).not.toContain("games.whis.rules");
    await page.getByTestId("close-rules").click();
    // Opened again, a click on the dimmed page around it closes it too.
    const rulesOpen = () => page.getByTestId("rules-dialog").evaluate((dialog) => (dialog as unknown as { open: boolean }).open);
    await (await roomTool(page, "open-rules")).click();
    await expect.poll(rulesOpen).toBe(true);
    const rules = (await page.getByTestId("rules-dialog").boundingBox())!;
    await page.mouse.click(rules.x / 2, rules.y + 20);
    await expect.poll(rulesOpen).toBe(false);

    // The same table on a phone.
    await page.setViewportSize(PHONE.viewport);
    await page.screenshot({ path: path.join(SHOTS, "whis-phone.png"), fullPage: true });
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("held sideways with the chat open, the element choice fits the third of the screen the table keeps", async () => {
    // A third of the deck wild and no attacks: a Light or a Darkness comes within a few draws, and is always playable.
    const { roomId, creatorToken } = await createRoom(env.server.url, "whis", { deck: { simple: 14, attack: 0, special: 0, transition: 0, light: 10, darkness: 10 } });
    const context = await env.browser.newContext(SIDEWAYS);
    const page = await context.newPage();
    await sitAgainstTheComputer(page, env.server.url, roomId, creatorToken);
    await page.getByTestId("chat-toggle").click();
    await page.getByTestId("chat").waitFor();

    // A Light or a Darkness (a fifth of this deck), drawing until one comes.
    let chose = false;
    for (let turn = 0; turn < 40 && !chose; turn++) {
      if (!(await myTurn(page))) break;
      // The computer may empty its hand first: the round's result, then the next round.
      if (await page.getByTestId("round-continue").isVisible()) await page.getByTestId("round-continue").click();
      if ((await page.getByTestId("board").getAttribute("data-phase")) === "drawn") {
        await moved(page, () => page.getByTestId("keep-card").click());
        continue;
      }
      const wild = (await readHand(page)).find((c) => (c.kind === "light" || c.kind === "darkness") && c.playable);
      if (wild === undefined) {
        await moved(page, () => page.getByTestId("draw-card").click());
        continue;
      }
      // Fanned beside the chat, the card before it lies over its left part (its middle too, in a long hand): tapped
      // where it shows, on the right, as a finger would.
      const card = page.getByTestId(`hand-card-${wild.index}`);
      const box = (await card.boundingBox())!;
      await card.click({ position: { x: 0.85 * box.width, y: 0.85 * box.height } });
      await page.getByTestId("play-card").click();
      const panel = (await page.getByTestId("element-choice").boundingBox())!;
      for (const element of ["water", "fire", "wind"]) {
        const button = (await page.getByTestId(`element-${element}`).boundingBox())!;
        // Whole inside the choice, itself on the screen: nothing to scroll sideways to reach a button.
        expect(button.x).toBeGreaterThanOrEqual(panel.x);
        expect(button.x + button.width).toBeLessThanOrEqual(panel.x + panel.width);
        expect(button.width).toBeGreaterThanOrEqual(44); // a finger's tap
      }
      expect(panel.x + panel.width).toBeLessThanOrEqual(844);
      // The choice asks its own question: the turn's prompt ("Play a Wind card, or draw") gives way to it, and the
      // choice is whole on the screen.
      expect(await page.getByTestId("whis-prompt").count(), "the turn's prompt beside the element choice").toBe(0);
      expect(panel.y + panel.height).toBeLessThanOrEqual(390);
      await page.screenshot({ path: path.join(SHOTS, "whis-sideways-chat-element.png") });
      await moved(page, () => page.getByTestId("element-fire").click());
      chose = true;
    }
    expect(chose).toBe(true);
    await context.close();
  });
});
