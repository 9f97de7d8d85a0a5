import { describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { browserAvailable, useBrowserAndServer } from "./browser";

// The issue's `<img src=x onerror=alert(1)>` is 28 characters, over the 24-character nickname limit;
// this one fits and would run on load if it ever reached the DOM as HTML.
const HOSTILE = "<svg/onload=alert(1)>";

/** A nickname made of HTML shows as text everywhere, and never runs. */
describe.runIf(browserAvailable("xss.test.ts"))("hostile nicknames", () => {
  const env = useBrowserAndServer();

  it("shows an HTML nickname as text in the lobby and in the game, and never runs it", async () => {
    const { roomId, creatorToken } = await createRoom(env.server.url, "qwirkle", { mode: "quick" });
    const client = await TestClient.connect(env.server.url);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    expectOk(await client.emit("seat:claim", { roomId, seat: 0, nickname: HOSTILE }));
    expectOk(await client.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));

    const page = await env.browser.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(`${env.server.url}/r/${roomId}`);
    await expect.poll(() => page.getByText(HOSTILE, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.locator("svg[onload]").count()).toBe(0);

    expectOk(await client.emit("game:start", { roomId, creatorToken }));
    await expect.poll(() => page.getByTestId("board").count(), { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(() => page.getByText(HOSTILE, { exact: false }).count()).toBeGreaterThan(0);
    expect(await page.locator("svg[onload]").count()).toBe(0);
    expect(dialogs).toEqual([]);
    client.close();
  });
});
