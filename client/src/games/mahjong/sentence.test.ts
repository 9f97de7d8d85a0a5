import { describe, expect, it } from "vitest";
import { lineText } from "../history";
import { contextFor, translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { mahjongSentence } from "./sentence";

const english = translator("en", en);
const french = translator("fr", fr);
const tail = { seat: 0, turnNumber: 3, passed: [], endReason: null };
const select = { ...tail, type: "select", tile: 4, family: "dates", result: "first", removed: null, points: 0 };

describe("Mahjong++ history sentences", () => {
  it.each([
    // A screen reader reads the pictures by their family alone: "a tile, dates tile" said "tile" twice.
    [select, "Alice picked a tile [“dates”]", "Alice a choisi une tuile [«\u202fdattes\u202f»]"],
    [{ ...select, family: null }, "Alice picked a tile", "Alice a choisi une tuile"],
    [{ ...select, family: null, result: "deselect" }, "Alice cancelled the selection", "Alice a annulé la sélection"],
    [
      { ...select, seat: 1, family: "mint-tea", result: "pair", removed: [4, 9], points: 20 },
      "Bruno removed a pair of tiles [“mint tea”] for 20 points",
      "Bruno a retiré une paire [«\u202fthé à la menthe\u202f»] pour 20 points",
    ],
    [{ ...tail, type: "shuffle", kind: "bonshuffle", solvable: true }, "Alice shuffled the tiles (Bonshuffle)", "Alice a mélangé les tuiles (Bonshuffle)"],
    [{ ...tail, type: "shuffle", kind: "random", solvable: null }, "Alice shuffled the tiles", "Alice a mélangé les tuiles"],
    [{ ...tail, type: "endTurn" }, "Alice ended the turn", "Alice a fini son tour"],
    [{ ...tail, seat: 2, type: "timeout" }, "Time ran out for Chloé", "Temps écoulé pour Chloé"],
    [
      { ...tail, type: "endTurn", passed: [1], endReason: "blocked" },
      "Alice ended the turn. Bruno cannot move and passes. No moves left, the game is over",
      "Alice a fini son tour. Bruno ne peut pas jouer et passe son tour. Plus aucun coup possible, la partie est finie",
    ],
    [
      { ...select, family: "egg", result: "pair", removed: [1, 2], points: 10, endReason: "cleared" },
      "Alice removed a pair of tiles [“egg”] for 10 points. The board is empty",
      "Alice a retiré une paire [«\u202fœuf\u202f»] pour 10 points. Le plateau est vide",
    ],
  ])("%j", (summary, inEnglish, inFrench) => {
    // Timeouts are logged under the clock's seat; the record names whose turn it was.
    expect(lineText(mahjongSentence(summary, contextFor(english, -1)) ?? [])).toBe(inEnglish);
    expect(lineText(mahjongSentence(summary, contextFor(french, -1)) ?? [])).toBe(inFrench);
  });

  it("draws both tiles of a pair", () => {
    const line = mahjongSentence({ ...select, result: "pair", removed: [4, 9], points: 20 }, contextFor(english)) ?? [];
    expect(line.flatMap((part) => ("pictures" in part ? part.pictures : []))).toEqual([{ family: "dates" }, { family: "dates" }]);
  });

  it("says nothing of a record it does not know", () => {
    expect(mahjongSentence({ type: "resign", seat: 0 }, contextFor(english))).toBeNull();
  });
});
