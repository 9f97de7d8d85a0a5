import type { Browser, BrowserContext, Page } from "playwright-core";
import { expect } from "vitest";

/** The two sizes of the newcomer's tour (issue 18): a laptop, and a phone held upright (touch). */
export const SIZES = {
  laptop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
} as const;
export type SizeName = keyof typeof SIZES;

export async function openAt(browser: Browser, size: SizeName, locale = "en-US"): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ ...SIZES[size], locale });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * From the home page: create a room of `gameId`, sit as `nickname` on seat 0, give the listed seats
 * to computers (`computer:<bot>`) and close the others, then start. `settings` runs on the new
 * room's form before it is created (a setting to tick). Returns the room id.
 */
export async function startGame(page: Page, base: string, gameId: string, seats: readonly string[], nickname = "Alice", settings?: (page: Page) => Promise<void>): Promise<string> {
  await page.goto(base);
  await page.getByTestId(`create-${gameId}`).click();
  await settings?.(page);
  await page.getByTestId("create-room").click();
  await page.getByTestId("nickname-input").fill(nickname);
  await page.getByTestId("claim-0").click();
  await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind"), { timeout: 10_000 }).toBe("human");
  const total = await page.locator('[data-testid^="seat-"][data-kind]').count();
  for (let seat = 1; seat < total; seat++) {
    const choice = seats[seat - 1] ?? "closed";
    await page.getByTestId(`configure-${seat}`).selectOption(choice);
    await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind"), { timeout: 10_000 }).toBe(choice.startsWith("computer") ? "computer" : choice);
  }
  await page.getByTestId("start-game").click();
  await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 20_000 }).toBe("playing");
  const roomId = /\/r\/([A-Za-z0-9_-]+)/u.exec(page.url())?.[1];
  if (roomId === undefined) throw new Error(`no room id in ${page.url()}`);
  return roomId;
}

/** An element's box in viewport coordinates (throws if it is not rendered). */
export async function box(page: Page, testId: string): Promise<{ x: number; y: number; width: number; height: number }> {
  const found = await page.getByTestId(testId).first().boundingBox();
  if (found === null) throw new Error(`${testId} is not rendered`);
  return found;
}

/** Whether the element lies wholly inside the viewport as it is scrolled now. */
export async function inViewport(page: Page, testId: string): Promise<boolean> {
  const b = await box(page, testId);
  const size = page.viewportSize();
  if (size === null) throw new Error("no viewport");
  return b.x >= -1 && b.y >= -1 && b.x + b.width <= size.width + 1 && b.y + b.height <= size.height + 1;
}
