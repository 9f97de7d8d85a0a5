import { mkdirSync } from "node:fs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { addPasskeyDevice } from "./passkeyDevice";
import { LAPTOP, PHONE } from "./seated";

/**
 * A phone left unlocked and signed in: a sign-in code for another device and deleting the profile ask
 * for the owner's passkey again when the last check is over 10 minutes old. The person only taps as
 * usual: the page asks for the passkey (Chromium's virtual authenticator answers with the screen
 * lock), then goes on. The server's clock is the test's; the page's moves with it (Playwright's clock)
 * where the page knows its check is over and asks for the passkey before the change, and stays put on
 * the laptop, where the server's refusal is what makes the page ask.
 *
 * data-testids: nav-profile, profile-name, profile-create, profile-signed-in, profile-show-code,
 *   profile-link, profile-delete, profile-delete-confirm, passkey-add, passkey-list, passkey-message.
 */
const SHOTS = "test-results/profile";
const MINUTE = 60_000;
let now = Date.parse("2026-11-30T12:00:00Z");

describe.runIf(browserAvailable("passkey-check.test.ts"))("the owner's passkey again before a change that could take the profile over", () => {
  const env = useBrowserAndServer({ clock: () => new Date(now) });
  mkdirSync(SHOTS, { recursive: true });

  /** The requests to the passkey check, as the page sends them. */
  const checksOf = (page: Page): string[] => {
    const checks: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/profile/check") checks.push(request.method());
    });
    return checks;
  };
  /** The profile's POST requests, in the order the page sends them (the list is emptied to start again). */
  const profilePostsOf = (page: Page): string[] => {
    const posts: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (request.method() === "POST" && path.startsWith("/api/profile/")) posts.push(path.slice("/api/profile/".length));
    });
    return posts;
  };

  for (const [size, device] of [["phone", PHONE], ["laptop", LAPTOP]] as const) {
    it(`(${size}) a sign-in code, then deleting the profile, each after the passkey when the last check is old`, async () => {
      const site = env.server.url.replace("127.0.0.1", "localhost"); // WebAuthn wants a domain
      const context = await env.browser.newContext(device);
      const pageClockMoves = size === "phone";
      if (pageClockMoves) await context.clock.install({ time: now });
      const page = await context.newPage();
      await addPasskeyDevice(context, page);
      const checks = checksOf(page);
      const posts = profilePostsOf(page);
      await page.goto(site);
      await page.getByTestId("nav-profile").click();
      await page.getByTestId("profile-name").fill(`Léa ${size}`);
      await page.getByTestId("profile-create").click();
      await expect.poll(() => page.getByTestId("profile-signed-in").textContent(), { timeout: 15_000 }).toContain("Léa");

      const leftAlone = async () => {
        now += 11 * MINUTE; // the device left signed in
        if (pageClockMoves) await context.clock.fastForward(11 * MINUTE);
        posts.length = 0;
      };
      // Where the page knows its check is over, the passkey comes first and the change is sent once;
      // otherwise the change is refused, then the passkey, then the change again.
      const checkedThen = (change: string) => (pageClockMoves ? ["check/options", "check", change] : [change, "check/options", "check", change]);
      await leftAlone();
      await page.getByTestId("profile-show-code").click();
      await expect.poll(() => page.getByTestId("profile-link").getAttribute("href"), { timeout: 15_000 }).toMatch(/\/profile\/link#[A-Za-z0-9_-]{43}$/u);
      expect(checks).toEqual(["POST"]); // the passkey was asked for once, then the code came
      expect(posts).toEqual(checkedThen("link"));
      await page.screenshot({ path: `${SHOTS}/checked-code-${size}.png` });

      await leftAlone();
      await page.getByTestId("profile-delete").click();
      await page.getByTestId("profile-delete-confirm").click();
      await expect.poll(() => page.getByTestId("profile-create").isVisible(), { timeout: 15_000 }).toBe(true); // a guest again
      expect(checks).toEqual(["POST", "POST"]);
      expect(posts).toEqual(checkedThen("delete"));
      expect(await env.server.db.prisma.profile.count({ where: { displayName: `Léa ${size}` } })).toBe(0);
      await context.close();
    });
  }

  it("(phone) adding a passkey: the first tap confirms with the passkey, the second adds the new one", async () => {
    const site = env.server.url.replace("127.0.0.1", "localhost");
    const context = await env.browser.newContext(PHONE);
    await context.clock.install({ time: now });
    const page = await context.newPage();
    const device = await addPasskeyDevice(context, page);
    const checks = checksOf(page);
    const posts = profilePostsOf(page);
    await page.goto(site);
    await page.getByTestId("nav-profile").click();
    await page.getByTestId("profile-name").fill("Malo");
    await page.getByTestId("profile-create").click();
    await expect.poll(() => page.getByTestId("profile-signed-in").textContent(), { timeout: 15_000 }).toContain("Malo");

    now += 11 * MINUTE;
    await context.clock.fastForward(11 * MINUTE);
    posts.length = 0;
    await page.getByTestId("passkey-add").click();
    await expect.poll(() => page.getByTestId("passkey-message").getAttribute("data-code"), { timeout: 15_000 }).toBe("CHECKED");
    expect(checks).toEqual(["POST"]);
    expect(posts).toEqual(["check/options", "check"]); // the page knew: the passkey first, nothing refused
    expect(await page.getByTestId("passkey-list").locator("li").count()).toBe(1);
    await page.getByTestId("passkey-message").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/checked-add-phone.png` });
    // The new passkey is made by another authenticator (this one holds the profile's first).
    await device.replace();
    await page.getByTestId("passkey-add").click();
    await expect.poll(() => page.getByTestId("passkey-list").locator("li").count(), { timeout: 15_000 }).toBe(2);
    expect(checks).toEqual(["POST"]); // checked once: the second tap needed no other
    // Two passkeys of one kind of device: each named apart ("… #1", "… #2"), its remove button too.
    const labels = await page.getByTestId("passkey-list").locator("li strong").allTextContents();
    expect(new Set(labels).size, labels.join(" / ")).toBe(2);
    await page.getByTestId("passkey-list").scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/two-passkeys-phone.png` });
    // The dates apart: the separator kept to the first date, a space after it (it read "2026·utilisée", Svelte trimming the space).
    const used = (await page.getByTestId("passkey-list").locator("li small").allTextContents()).filter((dates) => dates.includes("·"));
    expect(used.length).toBeGreaterThan(0);
    for (const dates of used) expect(dates).toMatch(/\d\u00a0·\s+\S/u);
    expect(posts).toEqual(["check/options", "check", "passkeys/options", "passkeys/add"]);
    await context.close();
  });
});
