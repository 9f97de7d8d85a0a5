import { existsSync, mkdirSync } from "node:fs";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startTestServer, type TestServer, type TestServerOptions } from "../support/server";

/**
 * What the browser tests share: where Chromium is, how it is launched, the loud skip when it is
 * missing (a failure under CI=true), and small page helpers. Same settings as qwirkle.test.ts.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_ARGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** True when Chromium is there; otherwise warns loudly, or throws under CI=true. */
export function browserAvailable(testName: string): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const message = `\n\n*** ${testName}: no Chromium at ${CHROMIUM_PATH} (set CHROMIUM_PATH). ***\n`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(`${message}*** SKIPPING the browser test. ***\n`);
  return false;
}

export interface HandTile {
  readonly index: number;
  readonly shape: string;
  readonly color: string;
}

/** The rack as shown: every `hand-tile-*` with its shape and colour. */
export async function readHand(page: Page): Promise<HandTile[]> {
  const tiles = page.locator('[data-testid^="hand-tile-"]');
  const out: HandTile[] = [];
  for (let index = 0; index < (await tiles.count()); index++) {
    const tile = page.getByTestId(`hand-tile-${index}`);
    out.push({ index, shape: (await tile.getAttribute("data-shape")) ?? "", color: (await tile.getAttribute("data-color")) ?? "" });
  }
  return out;
}

/** Two tiles can share a line when they have the same shape or the same colour, but not both. */
export const compatible = (a: { shape: string; color: string }, b: { shape: string; color: string }): boolean =>
  (a.shape === b.shape) !== (a.color === b.color);

/** Taps a hand tile, then a cell, and waits for the tentative tile to show. */
export async function place(page: Page, handIndex: number, row: number, col: number): Promise<void> {
  await page.getByTestId(`hand-tile-${handIndex}`).click();
  await page.getByTestId(`cell-${row}-${col}`).click();
  await expect.poll(() => page.getByTestId(`cell-${row}-${col}`).getAttribute("data-tentative")).toBe("true");
}

/** The room's accepted move count, from the status badge. */
export async function moveNumber(page: Page): Promise<number> {
  return Number(await page.getByTestId("room-status").getAttribute("data-move-number"));
}

/**
 * Plays one legal move for the seat whose hand is shown: a tile next to `anchor` if one fits (or
 * anywhere on an empty board), else an exchange of one tile.
 */
export async function playSomething(page: Page, anchor: { row: number; col: number; shape: string; color: string } | null): Promise<void> {
  const hand = await readHand(page);
  const first = hand[0];
  if (first === undefined) throw new Error("no hand shown");
  const before = await moveNumber(page);
  if (anchor === null) {
    await place(page, first.index, 5, 12);
  } else {
    const fit = hand.find((tile) => compatible(tile, anchor));
    if (fit === undefined) {
      await page.getByTestId("exchange-open").click();
      await page.getByTestId("exchange-tile-0").click();
      await page.getByTestId("exchange-confirm").click();
      await expect.poll(() => moveNumber(page), { timeout: 10_000 }).toBeGreaterThan(before);
      return;
    }
    await place(page, fit.index, anchor.row, anchor.col + 1);
  }
  await expect.poll(() => page.getByTestId("move-preview").getAttribute("data-verdict")).toBe("legal");
  await page.getByTestId("confirm-move").click();
  await expect
    .poll(async () => {
      const error = page.getByTestId("error-message");
      if ((await error.count()) > 0) throw new Error(`move refused: ${await error.first().textContent()}`);
      return moveNumber(page);
    }, { timeout: 10_000 })
    .toBeGreaterThan(before);
}

/**
 * The set-up every browser test file shares: a test server (fresh database, built client) and one
 * Chromium, started before the file's tests and closed after them. Read `env.server` / `env.browser`
 * inside tests (they exist once `beforeAll` has run).
 */
export function useBrowserAndServer(options: TestServerOptions = {}, cleanup: () => void = () => undefined): { readonly server: TestServer; readonly browser: Browser } {
  const env = {} as { server: TestServer; browser: Browser };
  beforeAll(async () => {
    env.server = await startTestServer(options);
    env.browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  });
  beforeEach(({ task, onTestFailed }) => {
    onTestFailed(() => reportOpenPages(env.browser, task.name));
  });
  afterAll(async () => {
    cleanup();
    await env.browser?.close();
    await env.server?.close();
  });
  return env;
}

const FAILED_SHOTS = "test-results/failed";

/**
 * After a failed test, what each page it left open shows: its address and words in the log (a CI run
 * keeps its log, not its files) and a screenshot in test-results/failed/. A failure that comes once
 * in many runs can then be read from that run, not guessed at.
 */
async function reportOpenPages(browser: Browser | undefined, testName: string): Promise<void> {
  const pages = browser?.contexts().flatMap((context) => context.pages()) ?? [];
  mkdirSync(FAILED_SHOTS, { recursive: true });
  for (const [index, page] of pages.entries()) {
    const path = `${FAILED_SHOTS}/${testName.replace(/[^\p{L}\p{N}]+/gu, "-").slice(0, 80)}-${index}.png`;
    await page.screenshot({ path, timeout: 5000 }).catch(() => undefined);
    const words = await page.locator("body").innerText({ timeout: 2000 }).catch((error: unknown) => `(not readable: ${String(error)})`);
    console.log(`[page ${index + 1} of ${pages.length} left open by the failed test « ${testName} »] ${page.url()}, screenshot ${path}\n${words.slice(0, 2000)}`);
  }
}
