import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";
import { startGame } from "./tour";

/**
 * The room bar's tools: a seated player's less frequent tools (turn alerts, another device, the
 * rules) wait behind one "more tools" button, in a list that names each in words, so on a phone the
 * tools left in the bar are a fingertip wide and the game's name stays whole. Seven 36 px icons had
 * cut "Mahjong++" to "Mahjon…" at 375 px, and a bell, a vibrating phone and a phone said little, on
 * a laptop too. A spectator's only one, the rules, stays in the bar.
 *
 * data-testids used here: (startGame's), setting-hints, show-hint, chat-toggle, sound-toggle,
 * more-tools[aria-expanded], more-tools-list, notify-toggle[data-state], device-push-toggle,
 * handoff-open, open-rules, rules-dialog, close-rules, turn-indicator[data-seats], hand-tile-<i>[aria-pressed].
 */
const hasBrowser = browserAvailable("room tools browser test");
const SHOTS = path.resolve("test-results");
const SMALL_PHONE = { ...PHONE, viewport: { width: 375, height: 667 } } as const;
const TUCKED = ["notify-toggle", "device-push-toggle", "handoff-open", "open-rules"] as const;

/** The bar's tools as a player sees them: those shown, each one's size, and whether the game's name is whole. */
const barOf = (page: Page) =>
  page.evaluate<{ shown: string[]; small: string[]; title: string; cut: boolean }>(`(() => {
    const tools = [...document.querySelectorAll(".roombar .tools .tool")].filter((t) => t.checkVisibility({ visibilityProperty: true }));
    const name = (t) => t.dataset.testid ?? t.querySelector("[data-testid]")?.dataset.testid ?? t.className;
    const small = tools.map((t) => ({ t, r: t.getBoundingClientRect() })).filter(({ r }) => r.width < 44 || r.height < 44).map(({ t, r }) => name(t) + " " + Math.round(r.width) + "×" + Math.round(r.height));
    const h = document.querySelector(".roombar h1");
    return { shown: tools.map(name), small, title: h.textContent, cut: h.scrollWidth > h.clientWidth };
  })()`);

/** The words each tool of the open list shows (not only its accessible name). */
const listWords = (page: Page) =>
  page.evaluate<string[]>(`[...document.querySelectorAll("#more-tools > * .tool, #more-tools > .tool")]
    .map((t) => [...t.querySelectorAll("span")].filter((s) => s.checkVisibility({ visibilityProperty: true }) && s.getBoundingClientRect().width > 10).map((s) => s.textContent.trim()).join(" "))`);

const focused = (page: Page) => page.evaluate<string | null>(`document.activeElement?.dataset.testid ?? null`);

describe.skipIf(!hasBrowser)("the room bar's tools", () => {
  const env = useBrowserAndServer({ botTiming: { minMs: 300, maxMs: 300 } });

  it("on a phone, the rarer tools wait behind « Autres outils », named in words, and the bar keeps fingertip tools and the game's name", async () => {
    const context = await env.browser.newContext(SMALL_PHONE);
    await context.grantPermissions(["notifications"], { origin: env.server.url });
    const page = await context.newPage();
    try {
      // Mahjong++ with hints: the longest name beside the most tools (hint, chat, sound, more).
      await startGame(page, env.server.url, "mahjong", ["computer:easy"], "Alice", (form) => form.getByTestId("setting-hints").check());
      await expect.poll(() => page.getByTestId("show-hint").isVisible(), { timeout: 30_000 }).toBe(true);
      const bar = await barOf(page);
      expect(bar.shown).toEqual(["show-hint", "chat-toggle", "sound-toggle", "more-tools"]);
      expect(bar.small, "tools smaller than 44 px").toEqual([]);
      expect({ title: bar.title, cut: bar.cut }).toEqual({ title: "Mahjong++", cut: false });
      for (const id of TUCKED) expect(await page.getByTestId(id).isVisible(), `${id} before the list opens`).toBe(false);

      // The list opens under the bar, each tool with its words, each a fingertip tall.
      await page.getByTestId("more-tools").tap();
      expect(await page.getByTestId("more-tools").getAttribute("aria-expanded")).toBe("true");
      for (const id of TUCKED) expect(await page.getByTestId(id).isVisible(), `${id} in the open list`).toBe(true);
      expect(await listWords(page)).toEqual([
        "Me prévenir de mon tour tant que la page est ouverte",
        "Me prévenir même quand Tablée est fermée",
        "Continuer sur un autre appareil",
        "Règles",
      ]);
      expect((await barOf(page)).small, "the list's tools smaller than 44 px").toEqual([]);
      await page.screenshot({ path: path.join(SHOTS, "room-tools-phone-list.png") });

      // A switch leaves the list open and says its new state.
      await page.getByTestId("notify-toggle").tap();
      await expect.poll(() => page.getByTestId("notify-toggle").getAttribute("data-state")).toBe("on");
      expect(await page.getByTestId("more-tools-list").isVisible()).toBe(true);
      expect((await listWords(page))[0]).toBe("Notifications de tour activées (appuyez pour les arrêter)");

      // Escape closes it and gives focus back to its button.
      await page.keyboard.press("Escape");
      await expect.poll(() => page.getByTestId("notify-toggle").isVisible()).toBe(false);
      expect(await focused(page)).toBe("more-tools");

      // The rules open from it over the room, the list closes, and closing them comes back to the button.
      await page.getByTestId("more-tools").tap();
      await page.getByTestId("open-rules").tap();
      await expect.poll(() => page.getByTestId("rules-dialog").isVisible()).toBe(true);
      expect(await page.getByTestId("more-tools").getAttribute("aria-expanded")).toBe("false");
      await page.screenshot({ path: path.join(SHOTS, "room-tools-phone-rules.png") });
      await page.getByTestId("close-rules").tap();
      await expect.poll(() => page.getByTestId("rules-dialog").isVisible()).toBe(false);
      await expect.poll(() => focused(page)).toBe("more-tools"); // the dialog's "close" event comes a task after it closes

      // A tap elsewhere (the board) closes the list.
      await page.getByTestId("more-tools").tap();
      await expect.poll(() => page.getByTestId("open-rules").isVisible()).toBe(true);
      const board = await page.locator("main").boundingBox();
      if (board === null) throw new Error("no main");
      await page.touchscreen.tap(board.x + board.width / 2, board.y + board.height - 20);
      await expect.poll(() => page.getByTestId("open-rules").isVisible()).toBe(false);
    } finally {
      await context.close();
    }
  });

  it("held sideways and on a laptop the list fits under the bar and names its tools; a spectator's rules stay in the bar", async () => {
    for (const [size, options] of [
      ["sideways", SIDEWAYS],
      ["laptop", LAPTOP],
    ] as const) {
      const context = await env.browser.newContext(options);
      const page = await context.newPage();
      try {
        await startGame(page, env.server.url, "qwirkle", ["computer:easy"]);
        await expect.poll(() => page.getByTestId("chat-toggle").isVisible(), { timeout: 20_000 }).toBe(true);
        if (size === "sideways") expect((await barOf(page)).small, "tools smaller than 44 px").toEqual([]);
        for (const id of TUCKED) expect(await page.getByTestId(id).isVisible(), `${id} before the list opens (${size})`).toBe(false);
        await (size === "laptop" ? page.getByTestId("more-tools").click() : page.getByTestId("more-tools").tap());
        expect(await listWords(page)).toEqual(
          size === "laptop"
            ? ["Tell me when it’s my turn while this page is open", "Notify me even with Tablée closed", "Continue on another device", "Rules"]
            : ["Me prévenir de mon tour tant que la page est ouverte", "Me prévenir même quand Tablée est fermée", "Continuer sur un autre appareil", "Règles"],
        );
        const list = await page.getByTestId("more-tools-list").boundingBox();
        const viewport = page.viewportSize();
        if (list === null || viewport === null) throw new Error("no list");
        expect(list.y + list.height, "the list's bottom").toBeLessThanOrEqual(viewport.height);
        expect(list.x + list.width, "the list's right").toBeLessThanOrEqual(viewport.width);
        await page.screenshot({ path: path.join(SHOTS, `room-tools-${size}-list.png`) });
        // A tap on the hand while the list is open closes the list and picks nothing: it picked the
        // tile as well, a move the player had not aimed at. The next tap picks it.
        await expect
          .poll(async () => ((await page.getByTestId("turn-indicator").getAttribute("data-seats")) ?? "").split(",").includes("0"), { timeout: 30_000 })
          .toBe(true);
        const tile = page.getByTestId("hand-tile-0");
        const press = () => (size === "laptop" ? tile.click() : tile.tap());
        await press();
        await expect.poll(() => page.getByTestId("open-rules").isVisible()).toBe(false);
        await page.waitForTimeout(300);
        expect(await tile.getAttribute("aria-pressed"), `${size}: the tile after the tap that closed the list`).toBe("false");
        await press();
        await expect.poll(() => tile.getAttribute("aria-pressed"), { message: `${size}: the next tap` }).toBe("true");
        if (size === "laptop") {
          // A spectator of the same room (another device): nothing to tuck away, the rules in the bar with their word.
          const other = await env.browser.newContext(LAPTOP);
          const spectator = await other.newPage();
          await spectator.goto(page.url().split("#")[0]!);
          await spectator.getByTestId("open-rules").waitFor();
          expect(await spectator.getByTestId("more-tools").count()).toBe(0);
          expect(await spectator.getByTestId("open-rules").isVisible()).toBe(true);
          await other.close();
        }
      } finally {
        await context.close();
      }
    }
  });
});
