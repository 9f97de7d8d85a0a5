import { mkdirSync } from "node:fs";
import type { BrowserContext, BrowserContextOptions } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { SIDEWAYS } from "./seated";
import { SIZES } from "./tour";

/**
 * The lobby's invite (issue 31): the room's link with a QR code a friend at the table can scan, and
 * Share — the phone's share sheet, with a title and a sentence in the player's language — where
 * the browser has one, Copy where it has not.
 *
 * data-testids: create-<game>, create-room, invite-qr[data-value], share-link, share-button, copy-link.
 */
const SHOTS = "test-results/invite";

/** Gives the page a share sheet that records what it is asked to share (a browser-side script). */
const STUB_SHARE = `
  window.shared = [];
  Object.defineProperty(Navigator.prototype, "share", {
    configurable: true,
    value: async (data) => { window.shared.push({ title: data.title, text: data.text, url: data.url }); },
  });
`;
/** Takes the share sheet away, as on desktop Linux or Firefox. */
const NO_SHARE = `delete Navigator.prototype.share;`;

/** The open seats whose « Sit here » and the host's choice for the seat are not on one line inside the row (a browser-side script). */
const SEATS_SPLIT = `[...document.querySelectorAll('[data-testid^="seat-"][data-kind="open"]')].flatMap((row) => {
  const claim = row.querySelector('[data-testid^="claim-"]').getBoundingClientRect();
  const select = row.querySelector("select").getBoundingClientRect();
  const inside = row.getBoundingClientRect();
  const oneLine = Math.abs(claim.top + claim.height / 2 - (select.top + select.height / 2)) < 2;
  return oneLine && select.right <= inside.right && select.width > 0 ? [] : [row.dataset.testid];
})`;

const CASES = [
  { size: "phone", language: "fr", share: true, title: "Qwirkle sur Tablée", text: "Venez jouer à Qwirkle avec moi\u202f: prenez une place libre, ou regardez simplement." },
  { size: "phone", language: "en", share: false, copy: "Copy" },
  { size: "laptop", language: "en", share: false, copy: "Copy" },
  { size: "laptop", language: "fr", share: true, title: "Qwirkle sur Tablée", text: "Venez jouer à Qwirkle avec moi\u202f: prenez une place libre, ou regardez simplement." },
] as const;

describe.runIf(browserAvailable("invite.test.ts"))("inviting friends from the lobby", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  afterAll(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  mkdirSync(SHOTS, { recursive: true });

  for (const c of CASES) {
    it(`shows the QR code and ${c.share ? "Share" : "Copy"} (${c.size}, ${c.language})`, async () => {
      const options: BrowserContextOptions = { ...SIZES[c.size], locale: c.language === "fr" ? "fr-FR" : "en-GB" };
      const context = await env.browser.newContext(options);
      contexts.push(context);
      await context.addInitScript({ content: c.share ? STUB_SHARE : NO_SHARE });
      if (!c.share) await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: env.server.url });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const press = (testId: string) => (c.size === "phone" ? page.getByTestId(testId).tap() : page.getByTestId(testId).click());

      await page.goto(env.server.url);
      await press("create-qwirkle");
      await press("create-room");
      await page.getByTestId("share-link").waitFor();
      const url = await page.getByTestId("share-link").inputValue();
      expect(url).toBe(page.url());
      // The QR code of the same link, drawn once the QR library has arrived.
      await expect.poll(() => page.getByTestId("invite-qr").getAttribute("data-value"), { timeout: 10_000 }).toBe(url);
      expect(await page.getByTestId("invite-qr").getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/u);
      const qr = await page.getByTestId("invite-qr").boundingBox();
      expect(qr?.width).toBe(144);
      expect((qr?.x ?? -1) >= 0 && (qr?.x ?? 0) + (qr?.width ?? 0) <= (options.viewport?.width ?? 0)).toBe(true);
      await page.screenshot({ path: `${SHOTS}/lobby-invite-${c.size}-${c.language}.png` });
      // Each open seat's « Sit here » and the host's choice for it share one line, inside the row: on
      // a phone the select went under the button, every seat two lines tall. A phone is turned sideways too.
      expect(await page.locator('[data-testid^="seat-"][data-kind="open"]').count()).toBeGreaterThan(1);
      for (const [shape, viewport] of c.size === "phone" ? ([["", null], ["-sideways", SIDEWAYS.viewport]] as const) : ([["", null]] as const)) {
        if (viewport !== null) await page.setViewportSize(viewport);
        expect(await page.evaluate<string[]>(SEATS_SPLIT), `seats whose button and select are not on one line${shape}`).toEqual([]);
        await page.getByTestId("seat-0").scrollIntoViewIfNeeded();
        await page.screenshot({ path: `${SHOTS}/lobby-seats-${c.size}${shape}-${c.language}.png` });
      }

      if (c.share) {
        expect(await page.getByTestId("copy-link").count()).toBe(0);
        await press("share-button");
        await expect.poll(() => page.evaluate("window.shared")).toEqual([{ title: c.title, text: c.text, url }]);
      } else {
        expect(await page.getByTestId("share-button").count()).toBe(0);
        expect(await page.getByTestId("copy-link").textContent()).toBe(c.copy);
        await press("copy-link");
        await expect.poll(() => page.getByTestId("copy-link").textContent()).toBe("Copied!");
        expect(await page.evaluate("navigator.clipboard.readText()")).toBe(url);
      }
      expect(errors).toEqual([]);
    });
  }

  it("a friend who opens the link on a phone finds the name field and a free seat on the first screen, the link after", async () => {
    const host = await env.browser.newContext({ ...SIZES.laptop, locale: "fr-FR" });
    contexts.push(host);
    const page = await host.newPage();
    await page.goto(`${env.server.url}/new/qwirkle`);
    await page.getByTestId("create-room").click();
    await page.getByTestId("nickname-input").fill("Alice");
    await page.getByTestId("claim-0").click();
    await expect.poll(() => page.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    // The host reads the link first.
    const hostOrder = await page.evaluate<number>(`document.querySelector('[data-testid="invite-card"]').compareDocumentPosition(document.querySelector('[data-testid="seat-0"]'))`);
    expect(hostOrder & 4, "the host: the link before the seats").toBe(4);

    const friend = await env.browser.newContext({ ...SIZES.phone, locale: "fr-FR" });
    contexts.push(friend);
    const phone = await friend.newPage();
    await phone.goto(page.url());
    await phone.getByTestId("nickname-input").waitFor();
    // The room's tools share the title's line; « En attente de joueurs » goes under the name (it
    // pushed the tools onto a second line, above the invitation).
    const toolsBesideTitle = () =>
      phone.evaluate<string>(`(() => {
        const title = document.querySelector(".roombar h1").getBoundingClientRect();
        const tools = [...document.querySelectorAll(".roombar .tool")].filter((tool) => tool.checkVisibility({ visibilityProperty: true })).map((tool) => tool.getBoundingClientRect());
        const status = document.querySelector('[data-testid="room-status"]').getBoundingClientRect();
        if (tools.length === 0) return "no tools";
        const beside = tools.every((tool) => tool.top < title.bottom && tool.bottom > title.top) && status.right <= tools[0].left;
        return beside ? "beside" : JSON.stringify({ title, status, tools });
      })()`);
    await expect.poll(toolsBesideTitle).toBe("beside");
    await phone.screenshot({ path: `${SHOTS}/lobby-guest-phone-fr.png` });
    for (const testId of ["nickname-input", "claim-1"]) {
      const box = (await phone.getByTestId(testId).boundingBox())!;
      expect(box.y >= 0 && box.y + box.height <= SIZES.phone.viewport.height, `${testId} ${JSON.stringify(box)} on the first screen`).toBe(true);
    }
    // The link is still there for them to pass on, after the seats.
    expect((await phone.getByTestId("share-link").boundingBox())!.y).toBeGreaterThan((await phone.getByTestId("claim-1").boundingBox())!.y);
    // Once seated, the seats stay where they were: their own seat does not jump off the screen.
    await phone.getByTestId("nickname-input").fill("Bruno");
    await phone.getByTestId("claim-1").tap();
    await expect.poll(() => phone.getByTestId("seat-1").getAttribute("data-kind")).toBe("human");
    const seat = (await phone.getByTestId("seat-1").boundingBox())!;
    expect(seat.y >= 0 && seat.y + seat.height <= SIZES.phone.viewport.height, `the new seat ${JSON.stringify(seat)} on the screen`).toBe(true);
    await phone.screenshot({ path: `${SHOTS}/lobby-seated-phone-fr.png` });
    expect(await toolsBesideTitle(), "seated, with « more tools »").toBe("beside");
    expect(await phone.evaluate<number>(`document.querySelector('[data-testid="seat-0"]').compareDocumentPosition(document.querySelector('[data-testid="invite-card"]')) & 4`)).toBe(4);
  });
});
