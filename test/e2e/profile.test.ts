import { mkdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { browserAvailable, moveNumber, playSomething, readHand, useBrowserAndServer } from "./browser";
import { createRoom } from "../support/client";
import { addPasskeyDevice } from "./passkeyDevice";
import { gotoSeated, LAPTOP, PHONE, SIDEWAYS, startedRoom } from "./seated";

/**
 * Profiles (issue 35), as a person goes through them: a guest holding a seat on a laptop keeps their
 * games on all their devices (a passkey made by Chromium's virtual authenticator: CDP WebAuthn), shows
 * a sign-in code, which a stranger's phone opening it refuses ("Not me": nothing of it joins the profile),
 * opens it on a phone, which then holds the seat and moves; the phone signs out and
 * gives the seat back; the laptop deletes the profile and keeps the seat it held as a guest.
 *
 * data-testids: nav-profile, profile-name, profile-create, profile-signed-in, profile-show-code,
 *   profile-link, profile-link-name, profile-link-accept, profile-link-refuse, profile-signout, profile-delete, profile-delete-confirm, profile-notice, passkey-list.
 */
const SHOTS = "test-results/profile";

describe.runIf(browserAvailable("profile.test.ts"))("a profile in one tap, seats on every device", () => {
  const env = useBrowserAndServer();
  mkdirSync(SHOTS, { recursive: true });

  it("a guest's seat follows the profile to a phone, which moves; sign out; delete", async () => {
    // WebAuthn wants a domain, not an IP address: the same server, as localhost.
    const site = env.server.url.replace("127.0.0.1", "localhost");
    const room = await startedRoom(env.server.url);
    room.client.close();

    // The laptop holds Alice's seat as a guest (she opened the room's link).
    const laptopContext = await env.browser.newContext(LAPTOP);
    const laptop = await laptopContext.newPage();
    await addPasskeyDevice(laptopContext, laptop);
    await gotoSeated(laptop, site, room.roomId, { seat: room.alice, creator: room.creatorToken });

    // "Keep my games on all my devices": a name, the screen lock, done.
    await laptop.getByTestId("nav-profile").click();
    await laptop.getByTestId("profile-name").fill("Alice");
    await laptop.getByTestId("profile-create").click();
    await expect.poll(() => laptop.getByTestId("profile-signed-in").textContent(), { timeout: 15_000 }).toContain("Alice");
    await expect.poll(() => laptop.getByTestId("passkey-list").locator("li").count()).toBe(1);

    // A sign-in code for the phone (the QR code's link, as the phone's camera would open it).
    await laptop.getByTestId("profile-show-code").click();
    const link = (await laptop.getByTestId("profile-link").getAttribute("href")) ?? "";
    expect(link).toMatch(/\/profile\/link#[A-Za-z0-9_-]{43}$/u);
    await laptop.screenshot({ path: `${SHOTS}/profile-laptop-1280x800.png` });

    // The link opened by someone else (shown to a friend as "scan this to join my table"): Bob's phone,
    // held sideways, holds his seat as a guest. The page names the profile and waits; "Not me" leaves
    // the phone a guest, Bob's seat out of Alice's profile, and the link unused.
    const strangerContext = await env.browser.newContext({ ...SIDEWAYS, locale: "en-GB" });
    const stranger = await strangerContext.newPage();
    await gotoSeated(stranger, site, room.roomId, { seat: room.bob });
    await stranger.goto(link);
    await expect.poll(() => stranger.getByTestId("profile-link-name").textContent(), { timeout: 15_000 }).toBe("Sign in as Alice on this device?");
    expect(await stranger.evaluate("location.hash")).toBe("");
    expect(await stranger.locator("main").textContent()).toContain("The game this device holds will then also be in Alice’s profile");
    await stranger.screenshot({ path: `${SHOTS}/link-question-sideways-844x390.png` });
    const laptopAsked = await laptopContext.newPage();
    await laptopAsked.goto(link);
    await laptopAsked.getByTestId("profile-link-accept").waitFor();
    await laptopAsked.screenshot({ path: `${SHOTS}/link-question-laptop-1280x800.png` });
    await laptopAsked.close();
    await stranger.getByTestId("profile-link-refuse").click();
    await expect.poll(() => stranger.evaluate("location.pathname")).toBe("/");
    expect(await stranger.evaluate("fetch('/api/profile').then((r) => r.json()).then((body) => body.profile)")).toBeNull();
    const bobsSeatInProfiles = await env.server.db.pool.query<{ n: string }>("SELECT count(*) AS n FROM profile_seats WHERE token = $1", [room.bob]);
    expect(Number(bobsSeatInProfiles.rows[0]?.n)).toBe(0);
    await strangerContext.close();

    const phoneContext = await env.browser.newContext(PHONE);
    const phone = await phoneContext.newPage();
    await addPasskeyDevice(phoneContext, phone);
    await phone.goto(link);
    // Alice's own phone: the same question, in French; she says yes.
    await expect.poll(() => phone.getByTestId("profile-link-name").textContent(), { timeout: 15_000 }).toBe("Se connecter en tant qu’Alice sur cet appareil\u202f?");
    await phone.screenshot({ path: `${SHOTS}/link-question-phone-390x844.png` });
    await phone.getByTestId("profile-link-accept").click();
    // Signed in: "My games" lists the seat the laptop held, and the phone plays it.
    await expect.poll(() => phone.evaluate("location.pathname"), { timeout: 15_000 }).toBe("/my-games");
    await phone.locator(`a[href="/r/${room.roomId}"]`).first().click();
    await expect.poll(() => readHand(phone).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    const before = await moveNumber(phone);
    await playSomething(phone, null);
    expect(await moveNumber(phone)).toBeGreaterThan(before);

    // A table the phone is looking at, as a spectator, when the laptop takes a seat there: the seat
    // reaches the phone through the profile, and its open room page holds it at once.
    const lobby = await createRoom(env.server.url, "qwirkle", { mode: "normal" });
    await phone.goto(`${site}/r/${lobby.roomId}`);
    await phone.getByTestId("claim-1").waitFor();
    await laptop.goto(`${site}/r/${lobby.roomId}`);
    await laptop.getByTestId("nickname-input").fill("Alice");
    await laptop.getByTestId("claim-1").click();
    await expect.poll(() => laptop.getByTestId("seat-1").getAttribute("class")).toMatch(/\bmine\b/u);
    await expect.poll(() => phone.getByTestId("seat-1").getAttribute("class"), { timeout: 15_000 }).toMatch(/\bmine\b/u);
    await laptop.goto(`${site}/profile`);

    // The phone's profile page (French), then it signs out: it goes on as a guest. The page's sync of
    // the seats is answered by the server but reaches the phone only after the tap on "sign out" (a
    // slow network): its seats must not come back into the signed-out phone.
    const lateSyncs: (() => Promise<void>)[] = [];
    await phone.route("**/api/profile/seats", async (route) => {
      const response = await route.fetch();
      lateSyncs.push(() => route.fulfill({ response }));
    });
    await phone.getByTestId("nav-profile").click();
    await expect.poll(() => phone.getByTestId("profile-signed-in").textContent()).toContain("Alice");
    // Nothing sticks out sideways (the header's profile link is its icon alone on a phone).
    expect(await phone.evaluate("document.documentElement.scrollWidth <= window.innerWidth")).toBe(true);
    // The phone adds its own passkey: with two, each can be removed, and the page says what that does.
    await phone.getByTestId("passkey-add").click();
    await expect.poll(() => phone.getByTestId("passkey-list").locator("li").count(), { timeout: 15_000 }).toBe(2);
    expect(await phone.getByTestId("passkey-remove-help").textContent()).toContain("vos autres appareils sont alors déconnectés");
    await phone.screenshot({ path: `${SHOTS}/profile-phone-390x844.png`, fullPage: true });
    await expect.poll(() => lateSyncs.length, { timeout: 15_000 }).toBeGreaterThan(0);
    await phone.getByTestId("profile-signout").click();
    await expect.poll(() => phone.getByTestId("profile-notice").count()).toBe(1);
    await expect.poll(() => phone.getByTestId("profile-create").count()).toBe(1);
    for (const answer of lateSyncs.splice(0)) await answer();
    await phone.unroute("**/api/profile/seats");
    await phone.waitForTimeout(500);
    await phone.screenshot({ path: `${SHOTS}/guest-phone-390x844.png`, fullPage: true });
    // The seat was the profile's (the laptop's), not the phone's: it went with the sign-out. On a shared
    // phone, the next person to sign in would otherwise take Alice's games into their own profile.
    await phone.getByTestId("nav-my-games").click();
    await expect.poll(() => phone.getByTestId("my-games-empty").count(), { timeout: 15_000 }).toBe(1);
    expect(await phone.evaluate(`Object.keys(localStorage).filter((key) => key.includes(${JSON.stringify(room.roomId)}) && /seats|creator/u.test(key))`)).toEqual([]);

    // The laptop is still signed in (only the phone signed out); it deletes the profile.
    await laptop.reload();
    await expect.poll(() => laptop.getByTestId("profile-signed-in").count(), { timeout: 15_000 }).toBe(1);
    await laptop.getByTestId("profile-delete").click();
    await laptop.getByTestId("profile-delete-confirm").click();
    await expect.poll(() => laptop.getByTestId("profile-create").count()).toBe(1);
    const left = await env.server.db.pool.query<{ n: string }>("SELECT (SELECT count(*) FROM profiles) + (SELECT count(*) FROM passkeys) + (SELECT count(*) FROM profile_sessions) + (SELECT count(*) FROM profile_seats) AS n");
    expect(Number(left.rows[0]?.n)).toBe(0);
    await laptop.screenshot({ path: `${SHOTS}/guest-laptop-1280x800.png` });
    // The laptop held the seat as a guest before the profile: it keeps it.
    await laptop.getByTestId("nav-my-games").click();
    await expect.poll(() => laptop.getByTestId(`my-game-${room.roomId}`).count(), { timeout: 15_000 }).toBe(1);
    await phoneContext.close();
    await laptopContext.close();
  });
});
