import { describe, expect, it } from "vitest";
import { cacheControlFor, IMMUTABLE, manifestLanguage, pageFor, REVALIDATE } from "./client";

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
  it.each([
    ["/r/AbC_12-x", true, "room.html"],
    ["/r/AbC_12-x/", true, "room.html"],
    ["/r/AbC_12-x?from=push", true, "room.html"],
    ["//r//AbC_12-x", true, "room.html"],
    ["/r/AbC_12-x", false, "index.html"],
    ["/r/AbC_12-x/replay", true, "index.html"],
    ["/r/AbC_12-x/join", true, "index.html"],
    ["/r", true, "index.html"],
    ["/", true, "index.html"],
    ["/rules/qwirkle", true, "index.html"],
    ["/my-games", true, "index.html"],
  ])("%s (room page built: %s) → %s", (url, hasRoomPage, expected) => {
    expect(pageFor(url, hasRoomPage)).toBe(expected);
  });
});
