import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { boundsFor, legalCells, type Placement, type Tile } from "../../shared/games/qwirkle";
import { browserAvailable, moveNumber, place, playSomething, readHand, useBrowserAndServer } from "./browser";
import { inViewport, openAt, startGame, type SizeName } from "./tour";

/**
 * Issue 18: after picking a Qwirkle tile, the cells where it may legally go are lit, exactly the
 * engine's answer (`legalCells`, the rule `apply` checks), also for the second tile of a move; and
 * on a phone "Play" stays in view while the page scrolls. Screenshots: test-results/qwirkle-<size>.png.
 *
 * data-testids: cell-<row>-<col>[data-shape|data-color|data-tentative|data-legal], hand-tile-<i>, confirm-move.
 */
const hasBrowser = browserAvailable("Qwirkle placement guidance browser test");
const BOUNDS = boundsFor("12x26");

/** The tiles on the board as drawn (not the tentative ones). */
async function boardTiles(page: Page): Promise<Placement[]> {
  const rows = await page.locator('[data-testid^="cell-"][data-shape]:not([data-tentative])').evaluateAll((cells) =>
    cells.map((cell) => ["data-row", "data-col", "data-shape", "data-color"].map((name) => cell.getAttribute(name) ?? "")),
  );
  return rows.map(([row, col, shape, color]) => ({ row: Number(row), col: Number(col), shape, color: Number(color) }) as Placement);
}

const litCells = (page: Page): Promise<string[]> =>
  page.locator('[data-legal="true"]').evaluateAll((cells) => cells.map((c) => `${c.getAttribute("data-row")},${c.getAttribute("data-col")}`).sort());
const asTile = (tile: { shape: string; color: string }): Tile => ({ shape: tile.shape, color: Number(tile.color) }) as Tile;
const keys = (cells: readonly { row: number; col: number }[] | null): string[] => (cells ?? []).map((c) => `${c.row},${c.col}`).sort();

/** Waits until it is our turn with tiles on the board (playing the opening ourselves if it is ours). */
async function ourTurnOnABoard(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId("confirm-move").count(), { timeout: 20_000 }).toBe(1);
  if ((await boardTiles(page)).length === 0) {
    const before = await moveNumber(page);
    await playSomething(page, null);
    await expect.poll(() => moveNumber(page), { timeout: 20_000 }).toBeGreaterThan(before + 1); // ours, then the computer's
    await expect.poll(() => page.getByTestId("confirm-move").count(), { timeout: 20_000 }).toBe(1);
  }
}

describe.skipIf(!hasBrowser)("Qwirkle placement guidance", () => {
  const env = useBrowserAndServer();

  for (const size of ["laptop", "phone"] as const satisfies readonly SizeName[]) {
    it(`lights exactly the engine's legal cells for the picked tile (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      await startGame(page, env.server.url, "qwirkle", ["computer:easy"]);
      await ourTurnOnABoard(page);
      const board = await boardTiles(page);
      expect(board.length).toBeGreaterThan(0);
      expect(await litCells(page)).toEqual([]); // nothing picked, nothing lit

      const hand = await readHand(page);
      let placed: { tile: Tile; row: number; col: number; index: number } | null = null;
      for (const tile of hand) {
        await page.getByTestId(`hand-tile-${tile.index}`).click();
        const expected = keys(legalCells(board, [], asTile(tile), BOUNDS));
        await expect.poll(() => litCells(page)).toEqual(expected);
        // A screen reader hears the same cells: "a tile can go here" in their names, and only theirs.
        const heard = await page.locator('[data-testid^="cell-"][aria-label*="a tile can go here"]').evaluateAll((cells) => cells.map((c) => `${c.getAttribute("data-row")},${c.getAttribute("data-col")}`).sort());
        expect(heard).toEqual(expected);
        // The board is one Tab stop; the arrows move from cell to cell.
        const stop = page.locator('[data-testid^="cell-"][tabindex="0"]');
        expect(await stop.count()).toBe(1);
        const [stopRow, stopCol] = [Number(await stop.getAttribute("data-row")), Number(await stop.getAttribute("data-col"))];
        await stop.focus();
        await page.keyboard.press("ArrowDown");
        await page.keyboard.press("ArrowLeft");
        expect(await page.evaluate("[document.activeElement?.getAttribute('data-row'), document.activeElement?.getAttribute('data-col')].join()")).toBe(`${stopRow + 1},${stopCol - 1}`);
        expect(await page.getByTestId("legal-guide").getAttribute("data-count")).toBe(String(expected.length));
        const first = expected[0];
        if (placed === null && first !== undefined) {
          await page.getByTestId(`cell-${first.replace(",", "-")}`).scrollIntoViewIfNeeded();
          await page.screenshot({ path: `test-results/qwirkle-${size}-picked.png` });
          const [row, col] = first.split(",").map(Number) as [number, number];
          placed = { tile: asTile(tile), row, col, index: tile.index };
        }
        await page.getByTestId(`hand-tile-${tile.index}`).click(); // unpick
      }

      // A multi-tile move: after the first tile, the next one may only extend its line.
      if (placed !== null) {
        await place(page, placed.index, placed.row, placed.col);
        const down = [{ row: placed.row, col: placed.col, shape: placed.tile.shape, color: placed.tile.color } as Placement];
        for (const tile of hand.filter((t) => t.index !== placed?.index)) {
          await page.getByTestId(`hand-tile-${tile.index}`).click();
          await expect.poll(() => litCells(page)).toEqual(keys(legalCells(board, down, asTile(tile), BOUNDS)));
          await page.getByTestId(`hand-tile-${tile.index}`).click();
        }
        await page.screenshot({ path: `test-results/qwirkle-${size}-second-tile.png` });
      }

      // The move buttons stay on screen while the page scrolls over the board.
      for (const y of [0, 200]) {
        await page.evaluate(`window.scrollTo(0, ${y})`);
        await page.waitForTimeout(200);
        if (y === 0) await page.screenshot({ path: `test-results/qwirkle-${size}.png` });
        expect(await inViewport(page, "confirm-move")).toBe(true);
      }
      if (placed !== null) {
        // Played from the keyboard: the button goes with the move, and the focus stays on the board (not the page's top).
        const before = await moveNumber(page);
        await page.getByTestId("confirm-move").focus();
        await page.keyboard.press("Enter");
        await expect.poll(() => moveNumber(page), { timeout: 10_000 }).toBeGreaterThan(before);
        await expect.poll(() => page.evaluate('document.activeElement !== document.body && document.querySelector("[data-board=qwirkle]").closest(".stage").contains(document.activeElement)')).toBe(true);
        await page.screenshot({ path: `test-results/qwirkle-${size}-after-keyboard-move.png` });
        // A screen reader hears the computer's answer as the history writes it, and not our own move.
        const announced = () => page.getByTestId("move-announcer").textContent();
        await expect.poll(announced, { timeout: 15_000 }).toMatch(/^Computer\s·\sEasy (placed|exchanged)/u);
        expect(await announced()).not.toContain("Alice");
      }
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  for (const size of ["laptop", "phone"] as const satisfies readonly SizeName[]) {
    it(`opens the board readable, centred on its tiles, and zooms with its buttons (${size})`, async () => {
      const { context, page, errors } = await openAt(env.browser, size);
      const roomId = await startGame(page, env.server.url, "qwirkle", ["computer:easy"]);
      await ourTurnOnABoard(page);
      const tiles = await boardTiles(page);
      // The room opened again (back from another app): the board as it first appears.
      const again = await context.newPage();
      again.on("pageerror", (error) => errors.push(error.message));
      await again.goto(`${env.server.url}/r/${roomId}`);
      await expect.poll(() => again.getByTestId("confirm-move").count(), { timeout: 20_000 }).toBe(1);
      const cellWidth = async (): Promise<number> => (await again.getByTestId(`cell-${tiles[0]?.row}-${tiles[0]?.col}`).boundingBox())?.width ?? 0;
      // Cells of 30 px at least, up to 48, the whole width when it fits (12 × 26 cells and the labels).
      const width = await again.locator('[data-board="qwirkle"]').evaluate((el) => el.clientWidth);
      const expected = Math.round(40 * Math.min(1.2, Math.max(0.75, width / (28 * 40))));
      if (size === "phone") expect(expected).toBe(30);
      await expect.poll(cellWidth).toBeCloseTo(expected, 0);
      // The middle of the tiles is in view inside the board.
      const mid = (values: number[]) => Math.round((Math.min(...values) + Math.max(...values)) / 2);
      const centre = `cell-${mid(tiles.map((t) => t.row))}-${mid(tiles.map((t) => t.col))}`;
      // In-page code as text: the tests compile without the DOM's types.
      const centreInView = `(() => {
        const box = document.querySelector('[data-testid="${centre}"]').getBoundingClientRect();
        const board = document.querySelector('[data-board="qwirkle"]').getBoundingClientRect();
        return box.left >= board.left && box.right <= board.right && box.top >= board.top && box.bottom <= board.bottom;
      })()`;
      await expect.poll(() => again.evaluate<boolean>(centreInView)).toBe(true);
      await again.getByRole("button", { name: "Zoom in" }).click();
      await expect.poll(cellWidth).toBeCloseTo(Math.round(40 * Math.min(2.5, (expected / 40) * 1.25)), 0);
      await again.getByRole("button", { name: "Zoom out" }).click();
      await expect.poll(cellWidth).toBeCloseTo(expected, 0);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
