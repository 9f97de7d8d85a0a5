import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { browserAvailable, playSomething, readHand, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE, roomTool, SIDEWAYS } from "./seated";

/**
 * "Continue on another device" (issue 31): the handoff link and its QR code carry the tokens this
 * device holds now — a seat taken a moment ago, a seat the host freed, the creator token — without
 * reloading the page, so scanning it right after "Sit here" seats the other device.
 *
 * data-testids: nickname-input, claim-<seat>, add-local-player, seat-<seat>[data-kind],
 *   handoff-open, handoff-link[data-url], handoff-qr[data-value], room-status, start-game.
 */
const SHOTS = "test-results/handoff";

/** The handoff link as the dialog shows it now, and the tokens in its fragment. */
async function handoffLink(page: Page) {
  const link = (await page.getByTestId("handoff-link").getAttribute("data-url")) ?? "";
  const fragment = new URLSearchParams(new URL(link).hash.slice(1));
  return { link, seats: fragment.getAll("seat"), creator: fragment.get("creator") };
}

/** This browser's stored tokens for a room (what "Sit here" saved). */
async function storedTokens(page: Page, roomId: string): Promise<{ seats: string[]; creator: string | null }> {
  const [seats, creator] = (await page.evaluate(`[localStorage.getItem("tablee:seats:${roomId}"), localStorage.getItem("tablee:creator:${roomId}")]`)) as [
    string | null,
    string | null,
  ];
  return { seats: JSON.parse(seats ?? "[]") as string[], creator };
}

async function sit(page: Page, seat: number, nickname: string): Promise<void> {
  await page.getByTestId("nickname-input").fill(nickname);
  await page.getByTestId(`claim-${seat}`).click();
  await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind")).toBe("human");
}

describe.runIf(browserAvailable("handoff.test.ts"))("continue on another device", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });

  it("follows seats taken and freed without a reload, and seats the device that opens it, which can move", async () => {
    // A friend created the table and sent the invite link.
    const { roomId, creatorToken } = await createRoom(env.server.url, "qwirkle", { mode: "quick" });
    const host = await TestClient.connect(env.server.url);
    expectOk(await host.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const laptopContext = await env.browser.newContext(LAPTOP);
    contexts.push(laptopContext);
    const laptop = await laptopContext.newPage();
    await laptop.goto(`${env.server.url}/r/${roomId}`);

    // "Sit here", then at once "Continue on another device": the link holds the new seat.
    await sit(laptop, 0, "Alice");
    await (await roomTool(laptop, "handoff-open")).click();
    await expect.poll(() => laptop.getByTestId("handoff-qr").count()).toBe(1);
    const [alice] = (await storedTokens(laptop, roomId)).seats;
    expect(alice).toBeDefined();
    expect(await handoffLink(laptop)).toMatchObject({ seats: [alice], creator: null });
    const first = await handoffLink(laptop);
    expect(await laptop.getByTestId("handoff-qr").getAttribute("data-value")).toBe(first.link);
    expect(await laptop.getByTestId("handoff-qr").getAttribute("src")).toMatch(/^data:image\/svg\+xml;charset=utf-8,%3Csvg/u);
    await laptop.screenshot({ path: `${SHOTS}/handoff-after-sit-laptop.png` });
    await laptop.keyboard.press("Escape");

    // A second player on this device: the link carries both seats.
    await laptop.getByTestId("add-local-player").click();
    await sit(laptop, 2, "Carol");
    const both = (await storedTokens(laptop, roomId)).seats;
    expect(both).toHaveLength(2);
    await expect.poll(async () => (await handoffLink(laptop)).seats).toEqual(both);
    // The host frees Carol's seat (from their own device): the link drops it.
    expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat: 2, kind: "open" }));
    await expect.poll(() => laptop.getByTestId("seat-2").getAttribute("data-kind")).toBe("open");
    await expect.poll(async () => (await handoffLink(laptop)).seats).toEqual([alice]);
    await (await roomTool(laptop, "handoff-open")).click();
    await expect.poll(() => laptop.getByTestId("handoff-qr").getAttribute("data-value")).toBe(first.link);
    await laptop.keyboard.press("Escape");

    // Bob sits, the host starts; Alice moves first.
    const bob = await TestClient.connect(env.server.url);
    expectOk(await bob.emit("room:watch", { roomId, seatTokens: [] }));
    expectOk(await bob.emit("seat:claim", { roomId, seat: 1, nickname: "Bob" }));
    expectOk(await host.emit("game:start", { roomId, creatorToken }));
    await expect.poll(() => laptop.getByTestId("room-status").getAttribute("data-status"), { timeout: 10_000 }).toBe("playing");

    // The phone opens the link the laptop shows — the laptop was never reloaded.
    const { link } = await handoffLink(laptop);
    expect(link).toBe(first.link);
    const phoneContext = await env.browser.newContext(PHONE);
    contexts.push(phoneContext);
    const phone = await phoneContext.newPage();
    const requested: string[] = [];
    phone.on("request", (request) => requested.push(request.url()));
    await phone.goto(link);
    await expect.poll(() => readHand(phone).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(new URL(phone.url()).hash).toBe(""); // the tokens left the address bar
    expect(requested.some((r) => r.includes(alice ?? "?"))).toBe(false); // and never went over the network in a URL
    await phone.screenshot({ path: `${SHOTS}/handoff-phone.png` });
    await playSomething(phone, null);

    // Held sideways, the phone's own handoff dialog: a tap on its text leaves it open, a tap on the
    // dimmed page around it closes it (a phone has no Escape key).
    await phone.setViewportSize(SIDEWAYS.viewport);
    const dialogOpen = () => phone.getByTestId("handoff").evaluate((dialog) => (dialog as unknown as { open: boolean }).open);
    await (await roomTool(phone, "handoff-open")).click();
    await expect.poll(dialogOpen).toBe(true);
    await phone.screenshot({ path: `${SHOTS}/handoff-dialog-sideways.png` });
    // All of it on the first screen: the link, the warning and Close too, without scrolling the dialog.
    const fits = await phone.getByTestId("handoff").evaluate((dialog) => dialog.scrollHeight <= dialog.clientHeight + 1);
    expect(fits).toBe(true);
    const close = (await phone.getByTestId("handoff").locator("form button").boundingBox())!;
    expect(close.y + close.height).toBeLessThanOrEqual(390);
    const title = (await phone.locator("#handoff-title").boundingBox())!;
    await phone.touchscreen.tap(title.x + 5, title.y + title.height / 2);
    expect(await dialogOpen()).toBe(true);
    const box = (await phone.getByTestId("handoff").boundingBox())!;
    await phone.touchscreen.tap(box.x > 40 ? box.x / 2 : box.x + box.width + 20, 195);
    await expect.poll(dialogOpen).toBe(false);
    // The laptop still holds the seat: it sees the move as the same player.
    await expect.poll(() => laptop.getByTestId("room-status").getAttribute("data-move-number")).toBe("1");
    expect((await readHand(laptop)).length).toBeGreaterThan(0);
    for (const c of [host, bob]) c.close();
  });

  it("gives the host's link the creator token and the seat at once", async () => {
    const hostContext = await env.browser.newContext(PHONE);
    contexts.push(hostContext);
    const page = await hostContext.newPage();
    await page.goto(env.server.url);
    await page.getByTestId("create-qwirkle").tap();
    await page.getByTestId("create-room").tap();
    await sit(page, 0, "Alice");
    const roomId = /\/r\/([A-Za-z0-9_-]+)/u.exec(page.url())?.[1] ?? "";
    const stored = await storedTokens(page, roomId);
    expect(stored.creator).not.toBeNull();
    await (await roomTool(page, "handoff-open")).tap();
    expect(await handoffLink(page)).toMatchObject({ seats: stored.seats, creator: stored.creator });
    await expect.poll(() => page.getByTestId("handoff-qr").count()).toBe(1);
    await page.screenshot({ path: `${SHOTS}/handoff-host-phone.png` });
    // No browser tap flash left over the dialog's words (a blue box showed there): the app draws its own press.
    expect(await page.evaluate(`getComputedStyle(document.querySelector('[data-testid="handoff-qr"]').closest("dialog").querySelector("p")).webkitTapHighlightColor`)).toBe("rgba(0, 0, 0, 0)");

    // Opened elsewhere, the link makes that device the host, seated.
    const otherContext = await env.browser.newContext(LAPTOP);
    contexts.push(otherContext);
    const other = await otherContext.newPage();
    await other.goto((await handoffLink(page)).link);
    await expect.poll(() => other.getByTestId("start-game").count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => other.locator('[data-testid="seat-0"].mine').count()).toBe(1);
  });
});
