import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { box, inViewport, openAt, startGame, type SizeName } from "./tour";

/**
 * Issue 18: Halma's 16×16 board fits a 1280×800 laptop and a 390×844 phone, width and height, with
 * "Finish move" on screen: when the game starts, the player sees the whole board and the move
 * buttons without scrolling. Screenshots: test-results/halma-<size>.png.
 */
const hasBrowser = browserAvailable("Halma fit browser test");

describe.skipIf(!hasBrowser)("Halma board fits the screen", () => {
  const env = useBrowserAndServer();

  for (const size of ["laptop", "phone"] as const satisfies readonly SizeName[]) {
    it(`shows the whole board and the move buttons at ${size} size`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await startGame(page, env.server.url, "halma", ["computer:hard"]);
      await expect.poll(() => page.getByTestId("move-status").getAttribute("data-state"), { timeout: 20_000 }).toBe("pick");
      await page.waitForTimeout(400); // let a first scroll settle
      await page.screenshot({ path: `test-results/halma-${size}.png` });
      const viewport = page.viewportSize();
      const board = await box(page, "board");
      console.log(size, JSON.stringify({ board, finish: await box(page, "finish-move"), scrollY: await page.evaluate("window.scrollY") }));
      expect(board.width).toBeLessThanOrEqual(viewport?.width ?? 0);
      expect(await inViewport(page, "board")).toBe(true);
      expect(await inViewport(page, "finish-move")).toBe(true);
      // The cells are still big enough to tap on a phone (16 per row).
      expect((await box(page, "cell-0-0")).width).toBeGreaterThanOrEqual(size === "phone" ? 20 : 30);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
