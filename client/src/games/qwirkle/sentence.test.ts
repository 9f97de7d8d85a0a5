import { describe, expect, it } from "vitest";
import { lineText } from "../history";
import { contextFor, translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { qwirkleSentence } from "./sentence";

const english = translator("en", en);
const french = translator("fr", fr);
const tile = (row: number, col: number, shape: string, color: number) => ({ row, col, shape, color });
const three = { type: "place", seat: 0, points: 7, qwirkles: 0, endBonus: 0, placements: [tile(4, 1, "T", 1), tile(4, 2, "R", 1), tile(4, 3, "C", 1)] };

describe("Qwirkle history sentences", () => {
  it.each([
    [three, "Alice placed 3 tiles [red clover, red circle, red square] for 7 points", "Alice a posé 3 tuiles [trèfle rouge, rond rouge, carré rouge] pour 7 points"],
    [
      { type: "place", seat: 1, points: 1, qwirkles: 0, endBonus: 0, placements: [tile(0, 0, "E", 2)] },
      "Bruno placed a tile [blue star] for 1 point",
      "Bruno a posé une tuile [étoile bleue] pour 1 point",
    ],
    [
      { ...three, points: 12, qwirkles: 1 },
      "Alice placed 3 tiles [red clover, red circle, red square] for 12 points, a Qwirkle",
      "Alice a posé 3 tuiles [trèfle rouge, rond rouge, carré rouge] pour 12 points (un Qwirkle)",
    ],
    [
      { ...three, endBonus: 6 },
      "Alice placed 3 tiles [red clover, red circle, red square] for 7 points, and ended the game (+6)",
      "Alice a posé 3 tuiles [trèfle rouge, rond rouge, carré rouge] pour 7 points et a terminé la partie (+6)",
    ],
    [
      // Both: « avec un Qwirkle et a terminé » joined a verb to « avec ».
      { ...three, points: 12, qwirkles: 1, endBonus: 6 },
      "Alice placed 3 tiles [red clover, red circle, red square] for 12 points, a Qwirkle, and ended the game (+6)",
      "Alice a posé 3 tuiles [trèfle rouge, rond rouge, carré rouge] pour 12 points (un Qwirkle) et a terminé la partie (+6)",
    ],
    [
      { type: "place", seat: 1, points: 2, qwirkles: 0, endBonus: 0, placements: [tile(0, 0, "X", 4), tile(0, 1, "X", 0)] },
      "Bruno placed 2 tiles [purple cross, orange cross] for 2 points",
      "Bruno a posé 2 tuiles [croix violette, croix orange] pour 2 points",
    ],
    [{ type: "exchange", seat: 2, count: 2 }, "Chloé exchanged 2 tiles with the bag", "Chloé a échangé 2 tuiles avec la pioche"],
    [{ type: "exchange", seat: 3, count: 1 }, "Émile exchanged a tile with the bag", "Émile a échangé une tuile avec la pioche"],
    [{ type: "pass", seat: 0 }, "Alice passed", "Alice a passé son tour"],
  ])("%j", (summary, inEnglish, inFrench) => {
    expect(lineText(qwirkleSentence(summary, contextFor(english)) ?? [])).toBe(inEnglish);
    expect(lineText(qwirkleSentence(summary, contextFor(french)) ?? [])).toBe(inFrench);
  });

  it("says a one-tile move in the status line as the move list does", () => {
    expect(english("games.qwirkle.ui.lastPlace", { values: { name: "Bruno", n: 1, points: 1 } })).toBe("Bruno placed a tile for 1 point");
    expect(french("games.qwirkle.ui.lastPlace", { values: { name: "Bruno", n: 1, points: 1 } })).toBe("Bruno a posé une tuile pour 1 point");
    const values = { name: "Émile", n: 1 };
    expect(english("games.qwirkle.ui.lastExchange", { values })).toBe("Émile exchanged a tile");
    expect(french("games.qwirkle.ui.lastExchange", { values })).toBe("Émile a échangé une tuile");
    expect(french("games.qwirkle.history.exchange", { values })).toBe("a échangé une tuile");
    expect(french("games.qwirkle.ui.hintExchange", { values })).toBe("Meilleur coup\u202F: échanger une tuile (en pointillés dans votre main).");
  });

  it("draws the tiles placed, in order, as pictures", () => {
    const line = qwirkleSentence(three, contextFor(english)) ?? [];
    const pictures = line.flatMap((part) => ("pictures" in part ? part.pictures : []));
    expect(pictures).toEqual([{ shape: "T", color: 1 }, { shape: "R", color: 1 }, { shape: "C", color: 1 }]);
  });

  it("says nothing of a record it does not know", () => {
    expect(qwirkleSentence({ type: "resign" }, contextFor(english))).toBeNull();
    expect(qwirkleSentence(42, contextFor(english))).toBeNull();
  });
});
