import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { previewFor } from "./linkPreview";

describe("a table's link as a messaging app previews it", () => {
  const index = readFileSync(new URL("../index.html", import.meta.url), "utf8");

  it("names the game and invites, in the page's language, as title, description and Open Graph tags", () => {
    const english = previewFor(index, "Memoarr!", "en");
    expect(english).toContain("<title>Memoarr! · Tablée</title>");
    expect(english).toContain('<meta name="description" content="A game of Memoarr! is waiting for you on Tablée: open the link and take a seat, on your phone or your computer." />');
    expect(english).toContain('<meta property="og:title" content="Memoarr! · Tablée" />');
    expect(english).toContain('<meta property="og:description" content="A game of Memoarr! is waiting');
    const french = previewFor(index, "Mahjong++", "fr");
    expect(french).toContain('<meta property="og:description" content="Une table de Mahjong++ vous attend sur Tablée\u202f: ouvrez le lien');
    expect(french.split("\n").filter((line) => line.includes("og:")).length).toBe(4);
  });

  it("refuses a page without a title or description to name its game in", () => {
    expect(() => previewFor("<html><head></head></html>", "Halma", "en")).toThrow();
  });
});
