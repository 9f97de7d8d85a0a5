import { mkdirSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver, qwirkleView, scriptedMove } from "../support/qwirkle";
import { browserAvailable, playSomething, readHand, useBrowserAndServer } from "./browser";
import { LAPTOP, openSeated, PHONE, roomTool, startedRoom, visibility } from "./seated";

const SHOTS = "test-results/table";
const chatTexts = (page: Page) => page.getByTestId("chat-message").locator(".text").allTextContents();

describe.runIf(browserAvailable("table.test.ts"))("the table around the game", () => {
  const env = useBrowserAndServer();
  const contexts: BrowserContext[] = [];
  mkdirSync(SHOTS, { recursive: true });

  it("chats both ways, shows a quick phrase in each reader's language, keeps markup inert, and mutes on one device", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const laptop = await openSeated(env.browser, env.server.url, roomId, LAPTOP, { seat: alice, creator: creatorToken });
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: bob });
    contexts.push(laptop.context, phone.context);
    const dialogs: string[] = [];
    for (const page of [laptop.page, phone.page]) page.on("dialog", (d) => void d.dismiss().then(() => dialogs.push(d.message())));

    const markup = "<img src=x onerror=alert(1)> nice move";
    await laptop.page.getByTestId("chat-toggle").click();
    await laptop.page.getByTestId("chat-input").fill(markup);
    await laptop.page.getByTestId("chat-input").press("Enter");
    await expect.poll(() => chatTexts(laptop.page)).toEqual([markup]);

    // The phone shows an unread count on the toggle, then the text as text.
    await expect.poll(() => phone.page.getByTestId("chat-unread").textContent()).toBe("1");
    await phone.page.getByTestId("chat-toggle").tap();
    await expect.poll(() => chatTexts(phone.page)).toEqual([markup]);
    expect(await phone.page.locator("[data-testid=chat] img").count()).toBe(0);
    // The drawer leaves most of the phone's screen to the board; scrolled down, the board and the
    // move bar with the rack (sticky) are all above it.
    const drawer = await phone.page.getByTestId("chat").boundingBox();
    expect(drawer?.height ?? 999).toBeLessThanOrEqual(844 * 0.45 + 1);
    await phone.page.evaluate("window.scrollTo(0, 400)");
    await expect
      .poll(async () => {
        const bar = await phone.page.getByTestId("qwirkle-controls").boundingBox();
        return (bar?.y ?? 999) + (bar?.height ?? 0) <= (drawer?.y ?? 0) + 1;
      })
      .toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}/chat-phone-scrolled.png` });
    await phone.page.evaluate("window.scrollTo(0, 0)");
    // A finger's targets: the quick phrases at least 44 px tall, in one row that scrolls sideways,
    // and the sheet's close button as big.
    const phrases = await phone.page.getByTestId("chat-phrase").evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect()).map((r) => ({ top: r.top, height: r.height })));
    expect(phrases.every((r) => r.height >= 44 && r.top === phrases[0]!.top), JSON.stringify(phrases)).toBe(true);
    expect((await phone.page.getByTestId("chat").getByRole("button", { name: "Fermer la discussion" }).boundingBox())?.height).toBeGreaterThanOrEqual(44);
    await phone.page.locator('[data-testid=chat-phrase][data-phrase="wellPlayed"]').tap();
    await expect.poll(() => chatTexts(phone.page)).toEqual([markup, "Bien joué\u202F!"]);
    await expect.poll(() => chatTexts(laptop.page)).toEqual([markup, "Well played!"]);
    await phone.page.screenshot({ path: `${SHOTS}/chat-phone.png` });
    await laptop.page.screenshot({ path: `${SHOTS}/chat-laptop.png` });

    // Alice mutes Bob on her laptop: his next message reaches the phone, not her screen.
    await laptop.page.locator('[data-testid=chat-message][data-seat="1"] [data-testid=chat-mute]').click();
    await expect.poll(() => chatTexts(laptop.page)).toEqual([markup]);
    await phone.page.locator('[data-testid=chat-phrase][data-phrase="thanks"]').tap();
    await expect.poll(() => chatTexts(phone.page)).toEqual([markup, "Bien joué\u202F!", "Merci"]);
    await new Promise((r) => setTimeout(r, 300));
    expect(await chatTexts(laptop.page)).toEqual([markup]);
    await laptop.page.getByTestId("chat-unmute").click();
    await expect.poll(() => chatTexts(laptop.page)).toEqual([markup, "Well played!", "Thanks"]);
    expect(dialogs).toEqual([]);
    client.close();
  });

  it("on the host's phone, the spectators' switch is a fingertip tall and the quick phrases' row fades where more hide", async () => {
    const { roomId, creatorToken, alice, client } = await startedRoom(env.server.url);
    client.close();
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: alice, creator: creatorToken });
    const spectatorContext = await env.browser.newContext(LAPTOP);
    contexts.push(phone.context, spectatorContext);
    const spectator = await spectatorContext.newPage();
    await spectator.goto(`${env.server.url}/r/${roomId}`);
    await spectator.getByTestId("chat-toggle").click();
    await spectator.getByTestId("chat").getByRole("textbox").first().waitFor();

    await phone.page.getByTestId("chat-toggle").tap();
    // The row of phrases runs past the sheet's right edge: that edge fades, until it is scrolled to the end.
    const phrases = phone.page.getByTestId("chat-phrases");
    const cue = () =>
      phone.page.evaluate<{ start: boolean; end: boolean; mask: boolean }>(`(() => { const row = document.querySelector('[data-testid="chat-phrases"]');
        return { start: row.hasAttribute("data-more-start"), end: row.hasAttribute("data-more-end"), mask: getComputedStyle(row).maskImage !== "none" }; })()`);
    expect(await cue()).toEqual({ start: false, end: true, mask: true });
    await phone.page.screenshot({ path: `${SHOTS}/chat-host-phone.png` });
    await phrases.evaluate((row) => row.scrollTo({ left: row.scrollWidth }));
    await expect.poll(cue).toEqual({ start: true, end: false, mask: true });

    // The host taps the words of « Les spectateurs peuvent écrire »: the label is the switch, 44 px tall.
    const label = phone.page.locator("label", { has: phone.page.getByTestId("spectator-chat") });
    const box = (await label.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await phone.page.touchscreen.tap(box.x + box.width - 20, box.y + 4);
    await expect.poll(() => phone.page.getByTestId("spectator-chat").isChecked()).toBe(false);
    await expect.poll(() => spectator.getByTestId("chat").textContent()).toContain("The host turned spectator chat off.");
  });

  it("plays again: both devices land in game 2 on their seats without touching the link, the first player rotated", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const laptop = await openSeated(env.browser, env.server.url, roomId, LAPTOP, { seat: alice, creator: creatorToken });
    const phone = await openSeated(env.browser, env.server.url, roomId, PHONE, { seat: bob });
    contexts.push(laptop.context, phone.context);
    // The game itself is played through a socket holding the same tokens, to reach the end quickly.
    const player = await TestClient.connect(env.server.url);
    expectOk(await player.emit("room:watch", { roomId, seatTokens: [alice, bob] }));
    await playScriptedUntilOver(roomId, [
      { client: player, seat: 0, token: alice },
      { client: player, seat: 1, token: bob },
    ]);
    await expect.poll(() => phone.page.getByTestId("rematch-button").count(), { timeout: 10_000 }).toBe(1);
    await phone.page.getByTestId("rematch-button").tap(); // Bob asks
    await expect.poll(() => laptop.page.getByTestId("rematch-asks").textContent()).toContain("Bob");
    await laptop.page.screenshot({ path: `${SHOTS}/rematch-laptop.png` });
    await laptop.page.getByTestId("rematch-button").click(); // Alice, the creator, starts it

    for (const { page } of [laptop, phone]) {
      await expect.poll(() => new URL(page.url()).pathname, { timeout: 10_000 }).not.toBe(`/r/${roomId}`);
      await expect.poll(() => page.getByTestId("game-number").textContent()).toMatch(/2/u);
      await expect.poll(() => readHand(page).then((hand) => hand.length), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    const nextRoomId = new URL(laptop.page.url()).pathname.split("/").at(-1) ?? "";
    expect(new URL(phone.page.url()).pathname).toBe(`/r/${nextRoomId}`);
    // Game 2 shows the wins at this table.
    await expect.poll(() => laptop.page.locator("[data-testid=series-tally] li").count()).toBe(2);
    // On the phone the game's name stays whole in the bar beside its tools (it read "Q…" beside
    // "Partie 2"): the number is said by the tally's title under it.
    expect(await phone.page.getByTestId("series-title").textContent()).toBe("Partie 2 à cette table");
    expect(await phone.page.evaluate(`(() => { const h = document.querySelector(".roombar h1"); return h.textContent + ":" + (h.scrollWidth <= h.clientWidth); })()`)).toBe("Qwirkle:true");
    expect(await laptop.page.getByTestId("game-number").isVisible()).toBe(true);
    await phone.page.screenshot({ path: `${SHOTS}/rematch-phone-game2.png` });
    // Bob moves first in game 2: his phone can play right away.
    const watcher = await TestClient.connect(env.server.url);
    const game2 = expectOk(await watcher.emit("room:watch", { roomId: nextRoomId, seatTokens: [bob, alice] })).snapshot;
    expect(game2.you.seats).toEqual([0, 1]);
    expect(game2.currentSeats).toEqual([0]);
    await playSomething(phone.page, null);
    for (const c of [client, player, watcher]) c.close();
  });

  it("says it is your turn in the title and a notification while the tab is hidden", async () => {
    const { roomId, creatorToken, alice, bob, client } = await startedRoom(env.server.url);
    const context = await env.browser.newContext(LAPTOP);
    contexts.push(context);
    await context.grantPermissions(["notifications"], { origin: env.server.url });
    // Records the notifications the page shows and the sound cues it plays (a browser-side script).
    await context.addInitScript({
      content: `
        window.shownNotifications = [];
        const Original = window.Notification;
        class Recording extends Original {
          constructor(title, options) { super(title, options); window.shownNotifications.push({ title, body: options?.body ?? "" }); }
        }
        Object.defineProperty(window, "Notification", { value: Recording });
        window.cues = [];
        window.addEventListener("tablee:cue", (e) => window.cues.push(e.detail.cue));
      `,
    });
    const page = await context.newPage();
    const fragment = new URLSearchParams({ seat: alice, creator: creatorToken });
    await page.goto(`${env.server.url}/r/${roomId}#${fragment.toString()}`);
    await expect.poll(() => readHand(page).then((hand) => hand.length), { timeout: 15_000 }).toBeGreaterThan(0);
    await (await roomTool(page, "notify-toggle")).click();
    await expect.poll(() => page.getByTestId("notify-toggle").getAttribute("data-state")).toBe("on");
    // The switch leaves « More tools » open; she closes it (a tap on the hand would only close it).
    await page.getByTestId("more-tools").click();
    // Alice plays, then hides the tab; Bob's move gives her the turn back.
    await playSomething(page, null);
    await page.evaluate(visibility(true));
    const bobClient = await TestClient.connect(env.server.url);
    const snapshot = expectOk(await bobClient.emit("room:watch", { roomId, seatTokens: [bob] })).snapshot;
    expect(snapshot.currentSeats).toEqual([1]);
    expectOk(await bobClient.emit("game:move", { roomId, seat: 1, seatToken: bob, move: scriptedMove(qwirkleView(snapshot, 1)) }));
    await expect.poll(() => page.title(), { timeout: 10_000 }).toBe("● Your turn — Tablée");
    expect(await page.locator("link[rel=icon]").getAttribute("href")).toContain("ffca28");
    expect(await page.evaluate("window.shownNotifications")).toEqual([
      { title: "Your turn — Qwirkle", body: "Tablée: it is your turn to play." },
    ]);
    expect(await page.evaluate("window.cues")).toContain("yourTurn");
    // Back on the tab: the title and icon are themselves again.
    await page.evaluate(visibility(false));
    await expect.poll(() => page.title()).toBe("Qwirkle · Tablée");
    for (const c of [client, bobClient]) c.close();
  });
});
