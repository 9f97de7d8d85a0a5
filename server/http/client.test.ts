import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Fastify from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { DeadlinePassedError, remainingMs, type Deadline } from "../db/deadline";
import { cacheControlFor, IMMUTABLE, manifestLanguage, pageFor, registerClient, REVALIDATE } from "./client";

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

describe("manifestLanguage", () => {
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
    expect(manifestLanguage(header)).toBe(expected);
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
});

describe("registerClient: a room's page", () => {
  const built = mkdtempSync(path.join(tmpdir(), "tablee-client-"));
  for (const page of ["index.html", "room.html", "room-qwirkle.html"]) writeFileSync(path.join(built, page), page);
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

  it("sends the room's page without the game's code when the lookup fails or its deadline passes", async () => {
    expect(await pageSent(() => Promise.reject(new DeadlinePassedError()))).toBe("room.html");
    expect(await pageSent(() => Promise.reject(new Error("connection refused")))).toBe("room.html");
    expect(await pageSent(async () => null)).toBe("room.html");
  });
});
