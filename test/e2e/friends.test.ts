import { mkdirSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { AxeLog } from "./axe";
import { browserAvailable, moveNumber, playSomething, readHand, useBrowserAndServer } from "./browser";
import { addPasskeyDevice } from "./passkeyDevice";
import { playQwirkleInPages } from "./qwirkleInPages";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";

/**
 * Friends (issue 35), as two people go through them: Alice (laptop, English) and Bob (phone, French)
 * each keep their games with a passkey (Chromium's virtual authenticator), sit at one table and
 * finish a game; Bob is then in Alice's "Played with", she asks, he accepts from the live notice,
 * she opens a new table and invites him by name, and his tap on the notice seats him; he moves.
 * Bob invites her back (the notice at the laptop's size); she removes him from her friends.
 *
 * data-testids: friends-panel, friends-played-with, friends-incoming, friends-list, friend-notice
 *   (data-kind request | accepted | invitation), friend-notice-join, friend-notice-see, invite-friend.
 */
const SHOTS = "test-results/friends";

/** "Keep my games on all my devices" on the profile page: a name, the screen lock, done. */
async function makeProfile(page: Page, site: string, name: string): Promise<void> {
  await page.goto(`${site}/profile`);
  await page.getByTestId("profile-name").fill(name);
  await page.getByTestId("profile-create").click();
  await expect.poll(() => page.getByTestId("profile-signed-in").textContent(), { timeout: 15_000 }).toContain(name);
}

/** A new Qwirkle table from the home page (the default options, or the quick mode); the lobby's share link. */
async function newTable(page: Page, site: string, options: { quick?: boolean } = {}): Promise<string> {
  await page.goto(site);
  await page.getByTestId("create-qwirkle").click();
  if (options.quick) await page.getByTestId("option-mode").locator('input[value="quick"]').check();
  await page.getByTestId("create-room").click();
  const shareLink = page.getByTestId("share-link");
  await expect.poll(() => shareLink.inputValue()).toMatch(/\/r\/[A-Za-z0-9_-]{16,}$/u);
  return shareLink.inputValue();
}

/** Takes seat `seat` in the lobby under `nickname`. */
async function sit(page: Page, seat: number, nickname: string): Promise<void> {
  await page.getByTestId("nickname-input").fill(nickname);
  await page.getByTestId(`claim-${seat}`).click();
  await expect.poll(() => page.getByTestId(`seat-${seat}`).getAttribute("data-kind")).toBe("human");
}

/** Where a part is drawn on the page, edges in CSS pixels. */
async function boxOf(part: Locator): Promise<{ top: number; bottom: number }> {
  const box = await part.boundingBox();
  if (box === null) throw new Error("not drawn");
  return { top: box.y, bottom: box.y + box.height };
}

describe.runIf(browserAvailable("friends.test.ts"))("friends: played with, a request, an invitation by name", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });
  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it("two profiles finish a game, become friends, and one invites the other, who is seated in one tap and moves", async () => {
    // WebAuthn wants a domain, not an IP address: the same server, as localhost.
    const site = env.server.url.replace("127.0.0.1", "localhost");
    const laptopContext = await env.browser.newContext(LAPTOP);
    const phoneContext = await env.browser.newContext(PHONE);
    contexts.push(laptopContext, phoneContext);
    const laptop = await laptopContext.newPage();
    const phone = await phoneContext.newPage();
    const pageErrors: string[] = [];
    const axe = new AxeLog(); // axe-core's WCAG AA rules on each page looked at
    for (const page of [laptop, phone]) page.on("pageerror", (error) => pageErrors.push(error.message));
    await addPasskeyDevice(laptopContext, laptop);
    await addPasskeyDevice(phoneContext, phone);
    await makeProfile(laptop, site, "Alice");
    await makeProfile(phone, site, "Bob");
    // Nobody played with anybody yet.
    await expect.poll(() => phone.getByTestId("friends-panel").textContent()).toContain("Les personnes avec qui vous finissez une partie");

    // One table, Alice and Bob at it, through the lobby.
    const firstTable = await newTable(laptop, site, { quick: true });
    const firstRoom = new URL(firstTable).pathname.split("/")[2] ?? "";
    await sit(laptop, 0, "Alice");
    await phone.goto(firstTable);
    await sit(phone, 1, "Bob");
    await laptop.getByTestId("start-game").click();
    await expect.poll(() => readHand(phone).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    // Each device's seat joined its profile (what a finished game is credited to).
    await expect
      .poll(async () => Number((await env.server.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM profile_seats WHERE room_id = $1 AND NOT creator", [firstRoom])).rows[0]?.n))
      .toBe(2);
    // A quick game, each move made in the page of the person whose turn it is.
    await playQwirkleInPages(env.server.url, firstRoom, [laptop, phone]);
    for (const page of [laptop, phone]) await expect.poll(() => page.getByTestId("room-status").getAttribute("data-status"), { timeout: 15_000 }).toBe("finished");

    // Alice's profile: Bob is in "Played with"; she asks.
    await laptop.getByTestId("nav-profile").click();
    const playedWith = laptop.getByTestId("friends-played-with");
    await expect.poll(() => playedWith.textContent(), { timeout: 15_000 }).toContain("Bob");
    expect(await playedWith.textContent()).toContain("1 game");
    await playedWith.getByRole("button", { name: "Add as a friend: Bob" }).click();
    await expect.poll(() => playedWith.textContent()).toContain("Request sent");

    // Bob, at his finished table, hears of it at once; "Voir" opens his profile, where he accepts.
    const request = phone.locator('[data-testid="friend-notice"][data-kind="request"]');
    await expect.poll(() => request.textContent(), { timeout: 15_000 }).toContain("Alice vous a envoyé une demande d’ami");
    await phone.screenshot({ path: `${SHOTS}/request-notice-phone-390x844.png` });
    await axe.check(phone, "a friend request's notice over a finished table (phone)");
    // His phone loses its network meanwhile: the room says so at the top, in two lines here, and the
    // notice makes way under that banner instead of covering its second line; it comes back after.
    const usualTop = (await boxOf(request)).top;
    await phoneContext.setOffline(true);
    const banner = phone.getByTestId("connection-status");
    await expect.poll(() => banner.getAttribute("data-status")).toBe("offline");
    expect((await boxOf(banner)).bottom).toBeGreaterThan(usualTop); // the case: a banner reaching the notice's place
    await expect.poll(async () => (await boxOf(request)).top - (await boxOf(banner)).bottom).toBeGreaterThanOrEqual(4);
    await phone.screenshot({ path: `${SHOTS}/request-notice-offline-phone-390x844.png` });
    await phoneContext.setOffline(false);
    await expect.poll(() => banner.getAttribute("data-status"), { timeout: 15_000 }).toBe("online");
    await expect.poll(async () => (await boxOf(request)).top).toBe(usualTop);
    await request.getByTestId("friend-notice-see").click();
    const incoming = phone.getByTestId("friends-incoming");
    await expect.poll(() => incoming.textContent()).toContain("Alice");
    expect(await incoming.textContent()).toMatch(/demande reçue (il y a|à l’instant|maintenant)/u); // when she asked (not "Alice demandé il y a…")
    await phone.screenshot({ path: `${SHOTS}/friends-panel-request-phone-390x844.png`, fullPage: true });
    await axe.check(phone, "the friends panel with a request to answer (phone)");
    await incoming.getByRole("button", { name: /^Accepter la demande d’ami d(e |’)Alice$/u }).click();
    await expect.poll(() => phone.getByTestId("friends-list").textContent()).toContain("Alice");
    expect(await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
    await phone.screenshot({ path: `${SHOTS}/friends-panel-phone-390x844.png`, fullPage: true });

    // Alice's page hears the answer: a notice, and her lists change without a reload.
    const accepted = laptop.locator('[data-testid="friend-notice"][data-kind="accepted"]');
    await expect.poll(() => accepted.textContent(), { timeout: 15_000 }).toContain("Bob accepted your friend request");
    await expect.poll(() => laptop.getByTestId("friends-list").textContent()).toContain("Bob");
    await laptop.screenshot({ path: `${SHOTS}/friends-panel-laptop-1280x800.png` });
    await axe.check(laptop, "the friends panel and an acceptance's notice (laptop)");

    // A new table: Alice created it (so she may invite to it) and invites Bob by name.
    const secondTable = await newTable(laptop, site);
    const secondRoom = new URL(secondTable).pathname.split("/")[2] ?? "";
    const picker = laptop.getByTestId("invite-friend");
    await picker.getByRole("button", { name: "Invite Bob to this table" }).click();
    await expect.poll(() => picker.textContent()).toContain("Bob is invited.");
    await laptop.screenshot({ path: `${SHOTS}/invite-friend-laptop-1280x800.png` });
    await axe.check(laptop, "the lobby's invite-a-friend picker (laptop)");

    // Bob's phone shows the invitation over the page he is on; one tap on "Rejoindre" seats him.
    const invitation = phone.locator('[data-testid="friend-notice"][data-kind="invitation"]');
    await expect.poll(() => invitation.textContent(), { timeout: 15_000 }).toContain("Alice vous invite à une partie de Qwirkle");
    await phone.screenshot({ path: `${SHOTS}/invitation-notice-phone-390x844.png` });
    await axe.check(phone, "an invitation's notice (phone)");
    // The phone held sideways: the notice keeps its "Join" within reach.
    await phone.setViewportSize(SIDEWAYS.viewport);
    await phone.screenshot({ path: `${SHOTS}/invitation-notice-phone-844x390.png` });
    await phone.setViewportSize(PHONE.viewport);
    await invitation.getByTestId("friend-notice-join").tap();
    await expect.poll(() => phone.evaluate("location.pathname"), { timeout: 15_000 }).toBe(`/r/${secondRoom}`);
    await expect.poll(() => phone.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    expect(await phone.getByTestId("seat-0").textContent()).toContain("Bob");
    expect(await phone.getByTestId("nickname-input").count()).toBe(0); // no form: he is seated
    // Back does not lead to the invitation's page again.
    expect(await phone.evaluate("history.length")).toBeGreaterThan(1);

    // Alice takes the other seat and starts; Bob, first to play, moves from his phone.
    await expect.poll(() => laptop.getByTestId("seat-0").getAttribute("data-kind")).toBe("human");
    await sit(laptop, 1, "Alice");
    await laptop.getByTestId("start-game").click();
    await expect.poll(() => readHand(phone).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await moveNumber(phone);
    await playSomething(phone, null);
    expect(await moveNumber(phone)).toBeGreaterThan(before);

    // The invitation notice at the laptop's size: Bob invites Alice back to a third table.
    const thirdTable = await newTable(phone, site);
    await phone.getByTestId("invite-friend").getByRole("button", { name: "Inviter Alice à cette table" }).click();
    const back = laptop.locator('[data-testid="friend-notice"][data-kind="invitation"]');
    await expect.poll(() => back.textContent(), { timeout: 15_000 }).toContain("Bob invites you to play Qwirkle");
    await laptop.screenshot({ path: `${SHOTS}/invitation-notice-laptop-1280x800.png` });
    // Over a game in play it keeps off the table: the title line's tools, the board, the hand (it
    // covered the chat, sound and rules buttons, which that page never scrolls clear).
    const [notice, table] = await Promise.all([back.boundingBox(), laptop.locator(".room .play").boundingBox()]);
    expect(notice).not.toBeNull();
    expect(table).not.toBeNull();
    if (notice !== null && table !== null) expect(notice.x, "the notice's left edge against the table's right").toBeGreaterThanOrEqual(table.x + table.width);
    await axe.check(laptop, "an invitation's notice over a game in play (laptop)");
    axe.expectNone();
    expect(thirdTable).not.toBe(secondTable);

    // Alice removes Bob, asked once more first; his page hears it and his list empties too.
    await laptop.getByTestId("nav-profile").click();
    await laptop.getByTestId("friends-list").getByRole("button", { name: "Remove Bob from your friends" }).click();
    await laptop.getByTestId("friends-list").getByRole("button", { name: "Yes, remove Bob from your friends" }).click();
    await expect.poll(() => laptop.getByTestId("friends-panel").textContent()).toContain("No friends yet");
    await phone.getByTestId("nav-profile").click();
    await expect.poll(() => phone.getByTestId("friends-panel").textContent()).toContain("Pas encore d’amis");
    expect(pageErrors).toEqual([]);
  });
});
