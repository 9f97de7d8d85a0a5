import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { pageFileIn, pageIn } from "./pageLanguages";

describe("a page in French", () => {
  const index = readFileSync(new URL("../index.html", import.meta.url), "utf8");

  it("says its language and describes Tablée in French; nothing else changes", () => {
    const french = pageIn(index, "fr");
    expect(french).toContain('<html lang="fr">');
    expect(french).toMatch(/<meta name="description" content="Tablée\u202f: jouez à Qwirkle, Mahjong\+\+, WHIS, Halma et Memoarr! entre amis[^"]*" \/>/u);
    const lines = (html: string) => html.split("\n").filter((line) => !line.includes("<html") && !line.includes('name="description"'));
    expect(lines(french)).toEqual(lines(index));
  });

  it("refuses a page it cannot write in French rather than send an English one as French", () => {
    expect(() => pageIn("<html><head></head></html>", "fr")).toThrow();
  });

  it("is named after the page", () => {
    expect(pageFileIn("room-qwirkle.html", "fr")).toBe("room-qwirkle.fr.html");
    expect(pageFileIn("index.html", "fr")).toBe("index.fr.html");
  });
});
