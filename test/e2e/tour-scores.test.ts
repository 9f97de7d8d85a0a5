import { describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver } from "../support/qwirkle";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { openAt } from "./tour";

/**
 * Issue 18, after the game: score rows tell the options in words ("Tiles: Quick (36 tiles)", not
 * "mode=quick"), the leaderboard shows people unless asked to include computers, and a replay
 * viewer who never sat is nobody's "you". Games: a person against a computer (Qwirkle, played by a
 * socket client) and two computers-only demos (Qwirkle, Mahjong++). Screenshots: scores-*.png.
 *
 * data-testids: score-row[data-replay], score-options, tab-leaderboard, scores-game, leaderboard-row[data-computer],
 *   leaderboard-computers, replay-seat-<seat>, replay-board, replay-last.
 */
const hasBrowser = browserAvailable("Scores and replay tour browser test");

describe.skipIf(!hasBrowser)("scores and replays in words", () => {
  const sockets: TestClient[] = [];
  const env = useBrowserAndServer({}, () => {
    for (const socket of sockets) socket.close();
  });

  async function demo(gameId: string): Promise<string> {
    const response = await fetch(`${env.server.url}/api/demo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId }) });
    const { roomId } = (await response.json()) as { roomId: string };
    await expect.poll(async () => (await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } })).status, { timeout: 90_000, interval: 200 }).toBe("finished");
    return roomId;
  }

  it("shows options in words, people first on the leaderboard, and no stranger as 'you'", async () => {
    // Alice (a person) against a computer, to the end.
    const { roomId, creatorToken } = await createRoom(env.server.url, "qwirkle", { mode: "quick" });
    const alice = await TestClient.connect(env.server.url);
    sockets.push(alice);
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const token = expectOk(await alice.emit("seat:claim", { roomId, seat: 0, nickname: "Alice" })).seatToken;
    expectOk(await alice.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    for (const seat of [2, 3]) expectOk(await alice.emit("seat:configure", { roomId, creatorToken, seat, kind: "closed" }));
    expectOk(await alice.emit("room:watch", { roomId, seatTokens: [token], creatorToken }));
    expectOk(await alice.emit("game:start", { roomId, creatorToken }));
    await alice.waitFor((s) => s.room.status === "playing");
    await playScriptedUntilOver(roomId, [{ client: alice, seat: 0, token }]);
    const qwirkleDemo = await demo("qwirkle");
    const mahjongDemo = await demo("mahjong");

    for (const size of ["laptop", "phone"] as const) {
      const { context, page, errors } = await openAt(env.browser, size);
      await page.goto(`${env.server.url}/scores`);
      const replayOf = async (room: string) => (await env.server.db.prisma.room.findUniqueOrThrow({ where: { id: room } })).replayId;
      const options = async (room: string) => page.locator(`[data-testid="score-row"][data-replay="${await replayOf(room)}"] [data-testid="score-options"]`).first();
      await expect.poll(async () => (await options(qwirkleDemo)).textContent()).toBe("Board: 12 × 26 grid · Tiles: Quick (36 tiles)");
      await expect.poll(async () => (await options(mahjongDemo)).textContent()).toBe("Level: Easy (36 tiles, 15 s turns)");
      expect(await page.getByTestId("scores-table").textContent()).not.toMatch(/\w=\w/u);
      await page.screenshot({ path: `test-results/scores-${size}.png`, fullPage: true });
      // A computer's robot and level on one line (on a phone, robot, level and trophy took three), and
      // every row's replay link whole on the screen: no sideways scroll.
      const computerLines = await page.evaluate<number[]>(`[...document.querySelectorAll('[data-testid="score-player"] .computer')].map((who) => who.getClientRects().length)`);
      expect(computerLines.length, `${size}: computers in the list`).toBeGreaterThan(0);
      expect(computerLines.filter((lines) => lines !== 1), `${size}: computers' names over more than one line`).toEqual([]);
      const replaysCut = await page.evaluate<number>(`[...document.querySelectorAll('[data-testid="score-row"] .replay')].filter((link) => link.getBoundingClientRect().right > document.documentElement.clientWidth).length`);
      expect(replaysCut, `${size}: replay links past the screen's right edge`).toBe(0);

      // The leaderboard: Alice only; computers when asked.
      await page.getByTestId("tab-leaderboard").click();
      await page.getByTestId("scores-game").selectOption("qwirkle");
      const rows = page.getByTestId("leaderboard-row");
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().textContent()).toContain("Alice");
      await page.getByTestId("leaderboard-computers").check();
      await expect.poll(() => page.locator('[data-testid="leaderboard-row"][data-computer="true"]').count()).toBeGreaterThan(0);
      expect((await page.locator('[data-testid="leaderboard-row"][data-computer="true"]').first().textContent())?.replace(/\s+/gu, " ")).toContain("Computer · ");
      await page.screenshot({ path: `test-results/leaderboard-${size}.png`, fullPage: true });

      // A replay watched by someone who never sat: whichever hand is shown, nobody is "you".
      await page.goto(`${env.server.url}/r/${mahjongDemo}/replay`);
      await page.getByTestId("replay-board").waitFor();
      await page.getByTestId("replay-last").click();
      for (const seat of [0, 1]) {
        await page.getByTestId(`replay-seat-${seat}`).click();
        await expect.poll(async () => (await page.getByTestId(`mahjong-player-${seat}`).textContent())?.replace(/\s+/gu, " ")).toContain("Computer · ");
        expect(await page.getByTestId("replay-board").textContent()).not.toMatch(/\(you\)/u);
      }
      await page.screenshot({ path: `test-results/replay-mahjong-${size}.png`, fullPage: true });
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
