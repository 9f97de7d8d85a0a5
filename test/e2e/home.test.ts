import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { browserAvailable, useBrowserAndServer } from "./browser";
import { LAPTOP, PHONE, SIDEWAYS } from "./seated";

/**
 * The home page (issue 18): its cards say what the game definitions say (player counts, how many
 * computers the demo seats), and it loads only its own code, not the games' boards or the other
 * pages (each is a chunk fetched on demand). Screenshots at phone and laptop size in test-results/.
 *
 * data-testids: game-<id>, players-<id>, demo-<id>.
 */
const hasBrowser = browserAvailable("Home page browser test");

/** What a newcomer must read on each card, worked out from the definition the server runs. */
function expectedPlayers(id: string): string {
  const game = GAMES.find((g) => g.id === id);
  if (game === undefined) throw new Error(id);
  const counts = game.seatCounts;
  if (game.minSeats === game.maxSeats) return `${game.minSeats} players`;
  const contiguous = counts.every((n, i) => i === 0 || n === (counts[i - 1] ?? n) + 1);
  return contiguous ? `${game.minSeats}–${game.maxSeats} players` : `${counts.slice(0, -1).join(", ")} or ${counts.at(-1)} players`;
}

describe.skipIf(!hasBrowser)("Home page", () => {
  const env = useBrowserAndServer();

  it("says each game's player count and demo size from its definition", async () => {
    const context = await env.browser.newContext({ ...LAPTOP, locale: "en-US" });
    const page = await context.newPage();
    await page.goto(env.server.url);
    for (const game of GAMES) {
      await expect.poll(() => page.getByTestId(`players-${game.id}`).textContent()).toBe(expectedPlayers(game.id));
      const card = (await page.getByTestId(`game-${game.id}`).textContent()) ?? "";
      expect(card).not.toMatch(/two computers|three computers|\b\d+ or \d+ players\.|–\s*\d+ players.*–/u);
      if (game.demo !== null) {
        const seats = game.demo.bots.length;
        await expect.poll(() => page.getByTestId(`demo-${game.id}`).textContent()).toContain(`Watch ${seats} computers play`);
      }
    }
    // The ones the issue named, spelled out.
    expect(await page.getByTestId("players-mahjong").textContent()).toBe("2 players");
    expect(await page.getByTestId("players-halma").textContent()).toBe("2 or 4 players");
    expect(await page.getByTestId("game-whis").textContent()).not.toContain("against three computers");
    await page.screenshot({ path: "test-results/home-laptop.png", fullPage: true });
    await context.close();

    const phone = await env.browser.newContext(PHONE);
    const phonePage = await phone.newPage();
    await phonePage.goto(env.server.url);
    await expect.poll(() => phonePage.getByTestId("players-halma").textContent()).toBe("2 ou 4 joueurs");
    expect(await phonePage.getByTestId("players-mahjong").textContent()).toBe("2 joueurs");
    await phonePage.screenshot({ path: "test-results/home-phone.png", fullPage: true });
    await phone.close();
  });

  it("shows each game's picture on its card, beside its name, at every size", async () => {
    for (const [size, options] of Object.entries({ phone: PHONE, sideways: SIDEWAYS, laptop: LAPTOP })) {
      const context = await env.browser.newContext(options);
      const page = await context.newPage();
      await page.goto(env.server.url);
      for (const game of GAMES) {
        const picture = page.getByTestId(`picture-${game.id}`);
        // Drawn (not a broken image), decorative (the name says it), and level with the name, within the card.
        await expect.poll(() => page.evaluate(`(() => { const img = document.querySelector('[data-testid="picture-${game.id}"]'); return img !== null && img.complete && img.naturalWidth > 0; })()`)).toBe(true);
        expect(await picture.getAttribute("alt")).toBe("");
        const [img, name, card] = await Promise.all([picture.boundingBox(), page.getByTestId(`game-${game.id}`).locator("h2").boundingBox(), page.getByTestId(`game-${game.id}`).boundingBox()]);
        expect(img!.y, `${game.id} at ${size}: the picture beside the name`).toBeLessThan(name!.y + name!.height);
        expect(img!.x >= card!.x && img!.x + img!.width <= card!.x + card!.width, `${game.id} at ${size}: the picture inside its card`).toBe(true);
      }
      // Cards side by side are as tall as each other, their buttons level: a shorter description left
      // Qwirkle's and Halma's buttons higher than WHIS's and Memoarr!'s on a laptop.
      const rows = await page.evaluate<{ top: number; bottom: number; create: number }[][]>(`(() => {
        const cards = [...document.querySelectorAll('[data-testid^="game-"]')].map((card) => ({
          top: Math.round(card.getBoundingClientRect().top),
          bottom: Math.round(card.getBoundingClientRect().bottom),
          create: Math.round(card.querySelector('[data-testid^="create-"]').getBoundingClientRect().top),
        }));
        return Object.values(Object.groupBy(cards, (c) => c.top));
      })()`);
      for (const row of rows) {
        expect(new Set(row.map((c) => c.bottom)).size, `${size}: cards in a row end level`).toBe(1);
        expect(new Set(row.map((c) => c.create)).size, `${size}: their « Create a table » level`).toBe(1);
      }
      if (size === "laptop") expect(rows[0]!.length, "four cards in the laptop's first row").toBe(4);
      await page.screenshot({ path: `test-results/home-pictures-${size}.png` });
      await context.close();
    }
  });

  it("loads only the home page's code: no game board, no other page", async () => {
    const context = await env.browser.newContext({ viewport: LAPTOP.viewport });
    const page = await context.newPage();
    const loaded: { url: string; bytes: number; gzipped: number }[] = [];
    page.on("response", async (response) => {
      const url = response.url();
      if (!/\.(js|css)$/u.test(url)) return;
      const body = await response.body();
      loaded.push({ url, bytes: body.length, gzipped: gzipSync(body).length });
    });
    await page.goto(env.server.url, { waitUntil: "networkidle" });
    await expect.poll(() => page.getByTestId("game-qwirkle").count()).toBe(1);
    const js = loaded.filter((r) => r.url.endsWith(".js"));
    const total = (rows: typeof loaded) => ({ bytes: rows.reduce((s, r) => s + r.bytes, 0), gzipped: rows.reduce((s, r) => s + r.gzipped, 0) });
    console.log("home page assets", JSON.stringify({ js: total(js), css: total(loaded.filter((r) => r.url.endsWith(".css"))), files: loaded.map((r) => r.url.replace(/^.*\//u, "")) }));
    // No game's chunk and no other page's chunk (names come from the dynamic imports).
    for (const name of [...GAMES.map((g) => g.id), "Room", "Replay", "Scores", "NewRoom", "MyGames"]) {
      expect(js.map((r) => r.url).filter((url) => url.includes(`/${name}-`))).toEqual([]);
    }
    // Before the split the one chunk was 665 kB (217 kB gzipped).
    expect(total(js).bytes).toBeLessThan(300_000);
    await context.close();
  });
});
