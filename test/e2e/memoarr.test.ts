import { mkdir } from "node:fs/promises";
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { PHONE } from "./seated";

/**
 * Two browsers play Memoarr!: each sees its own peek and never the other's (a card's identity is in
 * the DOM only as data attributes of face-up cards), then a wrong match knocks a player out.
 */
const SCREENSHOT = path.resolve("test-results", "memoarr-board.png");
const PHONE_SCREENSHOT = path.resolve("test-results", "memoarr-board-phone.png");
const hasBrowser = browserAvailable("Memoarr! browser test");

interface Seen {
  readonly cell: string;
  readonly animal: string;
  readonly background: string;
  readonly state: string;
}

/** Every card whose identity this page's board shows, with the state of its cell. */
async function identities(page: Page): Promise<Seen[]> {
  return page.locator('[data-testid="board"] [data-animal]').evaluateAll((nodes) =>
    nodes.map((n) => ({
      cell: (n.getAttribute("data-testid") ?? "").replace("cell-", ""),
      animal: n.getAttribute("data-animal") ?? "",
      background: n.getAttribute("data-background") ?? "",
      state: n.getAttribute("data-state") ?? "",
    })),
  );
}

const matches = (a: { animal: string; background: string }, b: { animal: string; background: string }): boolean =>
  a.animal === b.animal || a.background === b.background;

async function reveal(page: Page, cell: string): Promise<void> {
  const target = page.getByTestId(`cell-${cell}`);
  await expect.poll(() => target.getAttribute("data-choice")).toBe("true");
  await target.click();
  await expect.poll(() => target.getAttribute("data-state")).toBe("up");
}

describe.skipIf(!hasBrowser)("Memoarr! in two browsers", () => {
  const env = useBrowserAndServer();

  it("shows each player only their own peek, then a wrong match knocks a player out", async () => {
    const hostContext = await env.browser.newContext({ viewport: { width: 1100, height: 1000 }, locale: "en-US" });
    const guestContext = await env.browser.newContext(PHONE);
    const host = await hostContext.newPage();
    const guest = await guestContext.newPage();
    const pageErrors: string[] = [];
    for (const page of [host, guest]) page.on("pageerror", (error) => pageErrors.push(error.message));

    // The host creates the room from the home page, with a long peek so both can be checked during it.
    await host.goto(env.server.url);
    await host.getByTestId("create-memoarr").click();
    await host.getByTestId("create-room").waitFor();
    await host.locator('input[type="number"]').first().fill("30");
    await host.getByTestId("create-room").click();
    const shareLink = host.getByTestId("share-link");
    await expect.poll(() => shareLink.inputValue()).toMatch(/\/r\/[A-Za-z0-9_-]{16,}$/u);
    await host.getByTestId("nickname-input").fill("Alice");
    await host.getByTestId("claim-0").click();
    await expect.poll(() => host.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    await guest.goto(await shareLink.inputValue());
    await guest.getByTestId("nickname-input").fill("Bob");
    await guest.getByTestId("claim-1").click();
    await expect.poll(() => host.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");
    await host.getByTestId("start-game").click();

    // The peek: Alice (top) sees A2–A4 face up, Bob (bottom) E2–E4; nobody sees anything else.
    for (const page of [host, guest]) {
      await expect.poll(() => page.getByTestId("board").getAttribute("data-phase")).toBe("peek");
      await page.getByTestId("peek-countdown").waitFor();
      expect(Number(await page.getByTestId("peek-countdown").getAttribute("data-seconds"))).toBeLessThanOrEqual(30);
    }
    await expect.poll(async () => (await identities(host)).length).toBe(3);
    await expect.poll(async () => (await identities(guest)).length).toBe(3);
    const alicePeek = await identities(host);
    const bobPeek = await identities(guest);
    expect(alicePeek.map((c) => [c.cell, c.state])).toEqual([["A2", "peek"], ["A3", "peek"], ["A4", "peek"]]);
    expect(bobPeek.map((c) => [c.cell, c.state])).toEqual([["E2", "peek"], ["E3", "peek"], ["E4", "peek"]]);
    expect(await guest.getByTestId("cell-A2").getAttribute("data-animal")).toBeNull(); // Alice's peek is not Bob's
    expect(await host.getByTestId("cell-E2").getAttribute("data-animal")).toBeNull();
    expect(await host.getByTestId("player-0").getAttribute("data-side")).toBe("top");
    expect(await host.getByTestId("player-1").getAttribute("data-side")).toBe("bottom");
    await host.getByTestId("board").screenshot({ path: SCREENSHOT.replace(".png", "-peek.png") });
    // The seed's text view on the French phone: its letters (English initials) explained in French.
    await guest.getByTestId("text-view-toggle").click();
    await expect.poll(() => guest.getByTestId("text-view").textContent()).toContain("A");
    const legend = (await guest.getByTestId("text-legend").textContent())?.replace(/\s+/gu, " ") ?? "";
    for (const entry of ["W morse", "P pingouin", "y jaune", "r rouge", "zzz face cachée"]) expect(legend).toContain(entry);
    await guest.getByTestId("text-legend").scrollIntoViewIfNeeded();
    await guest.screenshot({ path: SCREENSHOT.replace(".png", "-text-view-fr.png") });
    await guest.getByTestId("text-view-toggle").click();

    // Both are ready: the peek leaves the DOM and the play begins, Alice (seat 0) first.
    await host.getByTestId("ready-button").click();
    await expect.poll(async () => (await identities(host)).length).toBe(0); // gone as soon as Alice is ready
    await guest.getByTestId("ready-button").click();
    for (const page of [host, guest]) await expect.poll(() => page.getByTestId("board").getAttribute("data-phase")).toBe("play");
    expect(await identities(guest)).toEqual([]);
    await host.getByTestId("your-turn").waitFor();

    // Arrange the wrong match: Alice turns one of her cards, Bob then turns one of his that does not match it.
    const plan = alicePeek.flatMap((a) => bobPeek.filter((b) => !matches(a, b)).map((b) => [a, b] as const))[0];
    if (plan === undefined) throw new Error("every card Bob peeked matches every card Alice peeked (extremely unlikely): rerun");
    const [aliceCard, bobCard] = plan;
    await reveal(host, aliceCard.cell);
    await expect.poll(() => guest.getByTestId(`cell-${aliceCard.cell}`).getAttribute("data-animal")).toBe(aliceCard.animal);
    expect(await guest.getByTestId(`cell-${aliceCard.cell}`).getAttribute("data-last")).toBe("true");

    // Bob first taps a face-up card: refused on the spot, with the reason, and nothing is sent.
    await guest.getByTestId("your-turn").waitFor();
    await guest.getByTestId(`cell-${aliceCard.cell}`).click();
    await expect.poll(() => guest.getByTestId("memoarr-error").getAttribute("data-code")).toBe("CARD_FACE_UP");
    await guest.getByTestId(`cell-${bobCard.cell}`).click();

    // No match: Bob is out, so Alice, the last one in, takes round 1's rubies card; round 2 opens.
    await expect.poll(() => host.getByTestId("last-event").textContent()).toContain("Bob is out of this round");
    expect(await host.getByTestId("last-event").textContent()).toContain("Alice wins round 1");
    await expect.poll(() => guest.getByTestId("last-event").textContent()).toContain("Bob quitte la manche");
    await expect.poll(() => host.getByTestId("round").getAttribute("data-round")).toBe("2");
    expect(Number(await host.getByTestId("my-rubies").getAttribute("data-total"))).toBeGreaterThan(0);
    await expect.poll(() => guest.getByTestId("my-rubies").getAttribute("data-total")).toBe("0"); // only one's own rubies
    const history = await host.getByTestId("move-history").textContent();
    expect(history).toContain(`${bobCard.cell}`);
    // The next round's peek: Bob (eliminated first) starts round 2 once it is over, Alice sees her peek again.
    await expect.poll(async () => (await identities(host)).map((c) => c.cell)).toEqual(["A2", "A3", "A4"]);

    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await host.getByTestId("board").screenshot({ path: SCREENSHOT });
    await guest.screenshot({ path: PHONE_SCREENSHOT, fullPage: true });
    expect(pageErrors).toEqual([]);
    await hostContext.close();
    await guestContext.close();
  });
});
