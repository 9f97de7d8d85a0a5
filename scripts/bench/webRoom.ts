import { chromium, type Page } from "playwright-core";

/** How long one step of the player's path may take (a computer's first move included). */
const STEP_MS = 30_000;

const byTestId = (page: Page, testId: string, attributes = "") => page.locator(`[data-testid="${testId}"]${attributes}`);

/**
 * Walks a player's path in the Chromium listening at `cdpUrl`, in its own profile (so what the
 * client keeps in localStorage, the seat's token, stays for whoever loads the room next in that
 * browser): from the home page, create a room of `gameId`, sit on seat 0 as `nickname`, give the
 * next `computers` seats to the easiest computer the seat's menu offers and close the others, start,
 * and wait until the game is in play. Checks that a reload still shows the room as to a seated
 * player (the hand-off button only a seat holder has), then disconnects and leaves the browser
 * running. Returns the room's URL.
 *
 * Only data-testids are read: the layout is not this script's business.
 */
export async function openRoomInPlay(cdpUrl: string, base: string, gameId: string, computers: number, nickname = "Bench"): Promise<string> {
  const browser = await chromium.connectOverCDP(cdpUrl);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) throw new Error("the browser has no default context");
    const page = await context.newPage();
    page.setDefaultTimeout(STEP_MS);
    await page.goto(base);
    await byTestId(page, `create-${gameId}`).click();
    await byTestId(page, "create-room").click();
    await byTestId(page, "nickname-input").fill(nickname);
    await byTestId(page, "claim-0").click();
    await byTestId(page, "seat-0", '[data-kind="human"]').waitFor();
    const total = await page.locator('[data-testid^="seat-"][data-kind]').count();
    for (let seat = 1; seat < total; seat++) {
      const menu = byTestId(page, `configure-${seat}`);
      const offered: string[] = [];
      for (const option of await menu.locator("option").all()) offered.push((await option.getAttribute("value")) ?? "");
      const computer = offered.find((value) => value.startsWith("computer:"));
      if (computer === undefined) throw new Error(`${gameId}: seat ${seat} offers no computer (${offered.join(", ")})`);
      const choice = seat <= computers ? computer : "closed";
      await menu.selectOption(choice);
      await byTestId(page, `seat-${seat}`, `[data-kind="${choice === "closed" ? "closed" : "computer"}"]`).waitFor();
    }
    await byTestId(page, "start-game").click();
    await byTestId(page, "room-status", '[data-status="playing"]').waitFor({ state: "attached" });
    const url = page.url();
    await page.reload();
    await byTestId(page, "room-status", '[data-status="playing"]').waitFor({ state: "attached" });
    await byTestId(page, "handoff-open").waitFor({ state: "attached" });
    await page.close();
    return url;
  } finally {
    // A browser reached over CDP is only disconnected from, not closed: Lighthouse uses it next.
    await browser.close();
  }
}

/**
 * Whether a page of `url` opened now in the Chromium at `cdpUrl` still shows the room as to a
 * seated player: after Lighthouse's run, this says its storage reset left the seat's token alone.
 */
export async function stillSeated(cdpUrl: string, url: string): Promise<boolean> {
  const browser = await chromium.connectOverCDP(cdpUrl);
  try {
    const context = browser.contexts()[0];
    if (context === undefined) return false;
    const page = await context.newPage();
    await page.goto(url);
    await byTestId(page, "room-status").waitFor({ state: "attached", timeout: STEP_MS });
    // The table's tools are drawn just after the board (Room.svelte's restShown): wait a moment for them.
    const seated = await byTestId(page, "handoff-open")
      .waitFor({ state: "attached", timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    await page.close();
    return seated;
  } finally {
    await browser.close();
  }
}
