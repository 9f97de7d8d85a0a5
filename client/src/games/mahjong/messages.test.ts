import { describe, expect, it } from "vitest";
import { IntlMessageFormat } from "intl-messageformat";
import { en, fr } from "./messages";

describe("Mahjong++'s count of the tiles left", () => {
  // "36 tuiles restantes sur 36" read as tiles left out of the ones left; French says what is left of the layout.
  it.each([
    [36, "il reste 36 tuiles sur 36"],
    [1, "il reste 1 tuile sur 36"],
    [0, "il reste 0 tuile sur 36"],
  ])("in French, %i of 36", (n, text) => {
    expect(new IntlMessageFormat(fr.games.mahjong.ui.tilesLeft, "fr").format({ n, total: 36 })).toBe(text);
  });

  it("in English", () => {
    expect(new IntlMessageFormat(en.games.mahjong.ui.tilesLeft, "en").format({ n: 2, total: 36 })).toBe("2 of 36 tiles left");
  });
});
