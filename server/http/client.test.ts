import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { DeadlinePassedError, remainingMs, type Deadline } from "../db/deadline";
import { cacheControlFor, IMMUTABLE, servedLanguage, pageFor, registerClient, REVALIDATE } from "./client";

describe("cacheControlFor", () => {
  it.each([
    ["assets/index-AbC123.js", IMMUTABLE],
    ["assets/index-AbC123.js.br", IMMUTABLE],
    ["assets\\Room-x.css.gz", IMMUTABLE],
    ["index.html", REVALIDATE],
    ["index.html.br", REVALIDATE],
    ["offline.html", REVALIDATE],
    ["sw.js", REVALIDATE],
    ["manifest.fr.webmanifest", REVALIDATE],
    ["icons/icon-192.png", REVALIDATE],
  ])("%s → %s", (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

describe("servedLanguage", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7", "fr"],
    ["fr-CA", "fr"],
    ["en-GB,en;q=0.9,fr;q=0.8", "en"],
    ["de-DE,de;q=0.9,fr;q=0.5", "fr"],
    ["de-DE", "en"],
    ["*", "en"],
  ])("%s → %s", (header, expected) => {
    expect(servedLanguage(header)).toBe(expected);
  });
});

describe("pageFor", () => {
  const built = new Set(["room.html", "room-qwirkle.html", "room-halma.html"]);
  it.each([
    ["/r/AbC_12-x", built, "qwirkle", "room-qwirkle.html"],
    ["/r/AbC_12-x/", built, "halma", "room-halma.html"],
    ["/r/AbC_12-x?from=push", built, "qwirkle", "room-qwirkle.html"],
    ["//r//AbC_12-x", built, "qwirkle", "room-qwirkle.html"],
    ["/r/AbC_12-x", built, null, "room.html"], // no such room, or its game not read in time
    ["/r/AbC_12-x", built, "whis", "room.html"], // a game the build has no page for
    ["/r/AbC_12-x", built, "../index", "room.html"],
    ["/r/AbC_12-x", new Set<string>(), "qwirkle", "index.html"],
    ["/r/AbC_12-x/replay", built, "qwirkle", "index.html"],
    ["/r/AbC_12-x/join", built, "qwirkle", "index.html"],
    ["/r", built, null, "index.html"],
    ["/", built, null, "index.html"],
    ["/rules/qwirkle", built, "qwirkle", "index.html"],
    ["/my-games", built, null, "index.html"],
  ])("%s (pages built: %o, the room's game: %s) → %s", (url, pages, game, expected) => {
    expect(pageFor(url, pages, game)).toBe(expected);
  });

  const inFrench = new Set(["index.html", "index.fr.html", "room.html", "room.fr.html", "room-qwirkle.html", "room-qwirkle.fr.html", "room-halma.html"]);
  it.each([
    ["/", null, "fr", "index.fr.html"],
    ["/my-games", null, "fr", "index.fr.html"],
    ["/r/AbC_12-x", "qwirkle", "fr", "room-qwirkle.fr.html"],
    ["/r/AbC_12-x", null, "fr", "room.fr.html"],
    ["/r/AbC_12-x", "halma", "fr", "room-halma.html"], // not built in French: the English page
    ["/r/AbC_12-x", "qwirkle", "en", "room-qwirkle.html"],
    ["/", null, "en", "index.html"],
  ])("%s (the room's game: %s) in %s → %s", (url, game, language, expected) => {
    expect(pageFor(url, inFrench, game, language)).toBe(expected);
  });
});

describe("registerClient: a room's page", () => {
  const built = mkdtempSync(path.join(tmpdir(), "tablee-client-"));
  for (const page of ["index.html", "index.fr.html", "room.html", "room-qwirkle.html", "room-qwirkle.fr.html"]) writeFileSync(path.join(built, page), page);
  afterAll(() => rmSync(built, { recursive: true, force: true }));

  async function pageSent(gameOf: (roomId: string, deadline: Deadline) => Promise<string | null>): Promise<string> {
    const app = Fastify();
    await registerClient(app, built, gameOf);
    const response = await app.inject({ method: "GET", url: "/r/AbC_12-x" });
    await app.close();
    return response.body;
  }

  it("asks for the room's game with the lookup's own deadline, and sends the game's page", async () => {
    const asked: { roomId: string; left: number }[] = [];
    const page = await pageSent(async (roomId, deadline) => {
      asked.push({ roomId, left: remainingMs(deadline) });
      return "qwirkle";
    });
    expect(page).toBe("room-qwirkle.html");
    expect(asked).toHaveLength(1);
    expect(asked[0]!.roomId).toBe("AbC_12-x");
    expect(asked[0]!.left).toBeGreaterThan(0);
    expect(asked[0]!.left).toBeLessThanOrEqual(250); // the page never waits on a slow database for long
  });

  it("sends a browser that prefers French the French page, the home page included", async () => {
    const app = Fastify();
    await registerClient(app, built, async () => "qwirkle");
    const get = (url: string, language: string) => app.inject({ method: "GET", url, headers: { "accept-language": language } });
    expect((await get("/", "fr-FR,fr;q=0.9,en;q=0.8")).body).toBe("index.fr.html");
    expect((await get("/", "en-GB,en;q=0.9")).body).toBe("index.html");
    const room = await get("/r/AbC_12-x", "fr");
    expect(room.body).toBe("room-qwirkle.fr.html");
    expect(room.headers.vary).toBe("accept-encoding, accept-language");
    await app.close();
  });

  it("sends the room's page without the game's code when the lookup fails or its deadline passes", async () => {
    expect(await pageSent(() => Promise.reject(new DeadlinePassedError()))).toBe("room.html");
    expect(await pageSent(() => Promise.reject(new Error("connection refused")))).toBe("room.html");
    expect(await pageSent(async () => null)).toBe("room.html");
  });
});
