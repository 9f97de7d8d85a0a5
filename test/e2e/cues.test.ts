import { mkdirSync, writeFileSync } from "node:fs";
import type { BrowserContext, ConsoleMessage, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver } from "../support/qwirkle";
import { browserAvailable, playSomething, useBrowserAndServer } from "./browser";
import { box } from "./tour";
import { gotoSeated, LAPTOP, moveBy, PHONE, startedRoom, visibility } from "./seated";

/**
 * Turn cues on a phone (issue 31): a room opened from a link (a notification, say) has had no user
 * gesture yet, so the browser refuses sound and vibration — asking anyway logs warnings. The page
 * asks nothing before the first gesture and shows "Turn on sound" instead. And the screen
 * stays awake while this device's player must move.
 *
 * data-testids: sound-hint, sound-toggle, pause-game, resume-game, room-status[data-status].
 */
const SHOTS = "test-results/cues";

/** Records the page's sound cues (`tablee:cue` events) before any of its scripts run. */
const RECORD_CUES = `
  window.cueLog = [];
  window.addEventListener("tablee:cue", (e) => window.cueLog.push({ cue: e.detail.cue, heard: e.detail.heard }));
`;

/** A stand-in for the Screen Wake Lock API that records each request and release (a browser-side script). */
const STUB_WAKE_LOCK = `
  window.wakeLog = [];
  Object.defineProperty(navigator, "wakeLock", {
    configurable: true,
    value: {
      request: async (type) => {
        window.wakeLog.push("request:" + type);
        const sentinel = new EventTarget();
        sentinel.type = type;
        sentinel.released = false;
        sentinel.release = async () => {
          if (sentinel.released) return;
          sentinel.released = true;
          window.wakeLog.push("release");
          sentinel.dispatchEvent(new Event("release"));
        };
        return sentinel;
      },
    },
  });
`;

const HINT_TEXT = `document.querySelector("[data-testid=sound-hint]")?.textContent.trim() ?? null`;

/**
 * Reads the page without giving it a user gesture: every Playwright query (locators, `evaluate`,
 * `screenshot`) runs its script "with a user gesture", which would unlock sound by itself.
 */
async function withoutGesture(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const peek = async <T = unknown>(expression: string): Promise<T> =>
    (await cdp.send("Runtime.evaluate", { expression, returnByValue: true, userGesture: false })).result.value as T;
  peek.screenshot = async (path: string): Promise<void> => {
    const { data } = await cdp.send("Page.captureScreenshot", { format: "png" });
    writeFileSync(path, Buffer.from(data, "base64"));
  };
  return peek;
}

type Cues = { cue: string; heard: boolean }[];
const cueLog = (page: Page): Promise<Cues> => page.evaluate("window.cueLog") as Promise<Cues>;
const wakeLog = (page: Page): Promise<string[]> => page.evaluate("window.wakeLog") as Promise<string[]>;
/** Whether the page holds a wake lock now: its last record is a request. */
const awake = async (page: Page): Promise<boolean> => (await wakeLog(page)).at(-1)?.startsWith("request") ?? false;

describe.runIf(browserAvailable("cues.test.ts"))("turn cues on a phone", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });

  for (const [size, options, hintText] of [
    ["phone", PHONE, "Activer le son"],
    ["laptop", LAPTOP, "Turn on sound"],
    ["phone", { ...PHONE, locale: "en-GB" }, "Turn on sound"],
    ["laptop", { ...LAPTOP, locale: "fr-FR" }, "Activer le son"],
  ] as const) {
    const language = options.locale.slice(0, 2);
    it(`a room opened from a link warns nothing before the first gesture, and offers to turn sound on (${size}, ${language})`, async () => {
      const { roomId, alice, bob, client } = await startedRoom(env.server.url);
      await moveBy(env.server.url, roomId, 0, alice); // Alice played from another device; Bob is to move
      const context = await env.browser.newContext(options);
      contexts.push(context);
      await context.addInitScript({ content: RECORD_CUES });
      const page = await context.newPage();
      const messages: string[] = [];
      page.on("console", (message: ConsoleMessage) => {
        if (message.type() === "warning" || message.type() === "error") messages.push(`${message.type()}: ${message.text()}`);
      });
      page.on("pageerror", (error) => messages.push(`pageerror: ${error.message}`));

      // Alice opens the room from a link (no gesture); then Bob moves and it is her turn. Until the
      // tap, the page is only read through `peek`: Playwright's own queries count as user gestures.
      const peek = await withoutGesture(page);
      await page.goto(`${env.server.url}/r/${roomId}#${new URLSearchParams({ seat: alice }).toString()}`);
      await expect.poll(() => peek<number>(`document.querySelectorAll("[data-testid^=hand-tile-]").length`), { timeout: 15_000 }).toBeGreaterThan(0);
      expect(await peek(HINT_TEXT)).toBeNull(); // nothing missed yet
      await moveBy(env.server.url, roomId, 1, bob);
      await expect.poll(() => peek("window.cueLog")).toEqual([{ cue: "yourTurn", heard: false }]);
      await expect.poll(() => peek(HINT_TEXT)).toBe(hintText);
      expect(await peek("navigator.userActivation.hasBeenActive")).toBe(false);
      expect(messages).toEqual([]);
      await peek.screenshot(`${SHOTS}/sound-hint-${size}-${language}.png`);
      // It covers none of the players' chips nor the board (under the bar, it hid the opponent's chip on a phone), and it is on the screen.
      const covered = await peek<string[]>(`(() => {
        const hint = document.querySelector("[data-testid=sound-hint]").getBoundingClientRect();
        const over = (r) => Math.min(r.right, hint.right) - Math.max(r.left, hint.left) > 0 && Math.min(r.bottom, hint.bottom) - Math.max(r.top, hint.top) > 0;
        const parts = [...document.querySelectorAll("[data-testid^=player-chip-], [data-board], [data-testid=bag-count]")].filter((e) => over(e.getBoundingClientRect()));
        return [...parts.map((e) => e.dataset.testid ?? e.dataset.board), ...(hint.left < 0 || hint.right > innerWidth || hint.top < 0 ? ["off the screen"] : [])];
      })()`);
      expect(covered, "what the sound hint covers").toEqual([]);
      // The speaker beside it says what is heard: nothing yet (it showed "on", pressed, beside "Turn on sound").
      expect(await peek(`document.querySelector("[data-testid=sound-toggle]").getAttribute("aria-pressed")`)).toBe("false");

      // A tap on the hint turns sound on and hides it. (The hint goes inert as it fades, from the
      // press on: the mouse clicks its spot rather than ask Playwright to find it under the release.)
      // The English phone taps the speaker itself, which turns sound on too (it turned it off).
      if (size === "phone" && language === "en") {
        await page.getByTestId("sound-toggle").tap();
      } else if (size === "phone") {
        await page.getByTestId("sound-hint").tap();
      } else {
        const hint = await box(page, "sound-hint");
        await page.mouse.click(hint.x + hint.width / 2, hint.y + hint.height / 2);
      }
      await expect.poll(() => page.getByTestId("sound-hint").count()).toBe(0);
      expect(await page.getByTestId("sound-toggle").getAttribute("aria-pressed")).toBe("true");
      // The tap stayed on the hint (it fades out): the tool next to it was not pressed.
      expect(await page.getByTestId("notify-toggle").getAttribute("data-state")).toBe("off");
      // The next turn is heard.
      await moveBy(env.server.url, roomId, 0, alice);
      await moveBy(env.server.url, roomId, 1, bob);
      await expect.poll(() => cueLog(page)).toEqual([
        { cue: "yourTurn", heard: false },
        { cue: "yourTurn", heard: true },
      ]);
      expect(await page.evaluate("navigator.userActivation.hasBeenActive")).toBe(true);
      await page.screenshot({ path: `${SHOTS}/sound-on-${size}-${language}.png` });
      expect(messages).toEqual([]);
      client.close();
    });
  }

  it("keeps the screen awake while it is this device's turn: released when hidden, when the turn passes, on pause and at the end", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const context = await env.browser.newContext(LAPTOP);
    contexts.push(context);
    await context.addInitScript({ content: STUB_WAKE_LOCK });
    const page = await context.newPage();
    await gotoSeated(page, env.server.url, roomId, { seat: alice, creator: creatorToken });

    // Alice's turn: the screen stays on.
    await expect.poll(() => wakeLog(page)).toEqual(["request:screen"]);
    // The tab is hidden, then shown again.
    await page.evaluate(visibility(true));
    await expect.poll(() => wakeLog(page)).toEqual(["request:screen", "release"]);
    await page.evaluate(visibility(false));
    await expect.poll(() => wakeLog(page)).toEqual(["request:screen", "release", "request:screen"]);
    // She plays: Bob's turn, the screen may sleep; his move gives her the turn back.
    await playSomething(page, null);
    await expect.poll(() => awake(page)).toBe(false);
    await moveBy(env.server.url, roomId, 1, bob);
    await expect.poll(() => awake(page)).toBe(true);
    // The host saves the game for later, then resumes it.
    await page.getByTestId("pause-game").click();
    await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status")).toBe("paused");
    await expect.poll(() => awake(page)).toBe(false);
    // A paused game invites no move: her hand stays in sight, its controls (Play, Exchange…) go until the resume.
    await expect.poll(() => page.getByTestId("qwirkle-controls").count()).toBe(0);
    expect(await page.locator("[data-testid^=hand-tile-]").count()).toBe(6);
    // The saved game's link comes with its QR code too.
    await expect.poll(() => page.getByTestId("invite-qr").getAttribute("data-value"), { timeout: 10_000 }).toBe(`${env.server.url}/r/${roomId}`);
    await page.screenshot({ path: `${SHOTS}/paused-invite-laptop.png` });
    await page.getByTestId("resume-game").click();
    await expect.poll(() => awake(page)).toBe(true);
    await expect.poll(() => page.getByTestId("qwirkle-controls").count()).toBe(1);
    // Every request was released before the next one.
    expect(await wakeLog(page)).toEqual(["request:screen", "release", "request:screen", "release", "request:screen", "release", "request:screen"]);

    // The game is played to its end elsewhere: released for good.
    const player = await TestClient.connect(env.server.url);
    expectOk(await player.emit("room:watch", { roomId, seatTokens: [alice, bob] }));
    await playScriptedUntilOver(roomId, [
      { client: player, seat: 0, token: alice },
      { client: player, seat: 1, token: bob },
    ]);
    await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 10_000 }).toBe("finished");
    await expect.poll(() => awake(page)).toBe(false);
    const log = await wakeLog(page);
    expect(log.filter((entry) => entry === "release")).toHaveLength(log.length / 2);
    for (const c of [client, player]) c.close();
  });
});
