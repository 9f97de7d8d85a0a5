import { describe, expect, it } from "vitest";
import { lineText } from "../history";
import { contextFor, translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { memoarrSentence } from "./sentence";

const english = translator("en", en);
const french = translator("fr", fr);
const walrus = { animal: "W", background: "b" };
const reveal = { type: "reveal", seat: 0, round: 1, cell: "B4", card: walrus, match: true, eliminated: false, power: null, skipped: null, roundEnd: null, gameOver: false };

describe("Memoarr! history sentences", () => {
  it.each([
    [{ type: "ready", seat: 1, round: 1, peekEnded: false }, "Bruno has memorised their cards", "Bruno a fini de regarder ses cartes"],
    [
      { type: "ready", seat: 1, round: 1, peekEnded: true },
      "Bruno has memorised their cards, every card is face down",
      "Bruno a fini de regarder ses cartes, toutes les cartes sont cachées",
    ],
    [{ type: "peekEnd", round: 2 }, "Time is up, every card is face down", "Temps écoulé, toutes les cartes sont cachées"],
    [reveal, "Alice turned over [blue walrus] on B4, a match", "Alice a retourné la carte [morse sur fond bleu] en B4, elle correspond"],
    [{ ...reveal, match: null }, "Alice turned over [blue walrus] on B4, the first card of the round", "Alice a retourné la carte [morse sur fond bleu] en B4, première carte de la manche"],
    [
      { ...reveal, seat: 2, match: false, eliminated: true, roundEnd: { round: 2, winner: 1, reason: "one-left" }, gameOver: true },
      "Chloé turned over [blue walrus] on B4, no match, and is out of the round. Bruno wins round 2. The game is over",
      "Chloé a retourné la carte [morse sur fond bleu] en B4, sans rien en commun, et quitte la manche. Bruno gagne la manche 2. La partie est terminée",
    ],
    [
      { ...reveal, card: { animal: "O", background: "r" }, power: "octopus" },
      "Alice turned over [red octopus] on B4, a match. Alice swaps it with a neighbour (octopus)",
      "Alice a retourné la carte [pieuvre sur fond rouge] en B4, elle correspond. Alice l’échange avec une voisine (pieuvre)",
    ],
    [
      { ...reveal, card: { animal: "T", background: "g" }, power: "turtle", skipped: 3 },
      "Alice turned over [green turtle] on B4, a match. Émile misses the next turn (turtle)",
      "Alice a retourné la carte [tortue sur fond vert] en B4, elle correspond. Émile passe son prochain tour (tortue)",
    ],
    [{ type: "swap", seat: 0, round: 1, from: "B3", to: "A3" }, "Alice swapped B3 and A3 (octopus)", "Alice a échangé B3 et A3 (pieuvre)"],
    [{ type: "hide", seat: 1, round: 1, cell: "D2", card: walrus }, "Bruno turned [blue walrus] on D2 face down (penguin)", "Bruno a caché la carte [morse sur fond bleu] en D2 (pingouin)"],
    [{ type: "skip", seat: 1, round: 1 }, "Bruno left every card face up (penguin)", "Bruno n’a rien caché (pingouin)"],
    [{ type: "forbid", seat: 2, round: 1, cell: "E5" }, "Chloé bars the next player from E5 (walrus)", "Chloé interdit E5 au joueur suivant (morse)"],
  ])("%j", (summary, inEnglish, inFrench) => {
    expect(lineText(memoarrSentence(summary, contextFor(english)) ?? [])).toBe(inEnglish);
    expect(lineText(memoarrSentence(summary, contextFor(french)) ?? [])).toBe(inFrench);
  });

  it("draws the card turned over", () => {
    const line = memoarrSentence(reveal, contextFor(english)) ?? [];
    expect(line.flatMap((part) => ("pictures" in part ? part.pictures : []))).toEqual([walrus]);
  });

  it("says nothing of a record it does not know", () => {
    expect(memoarrSentence({ type: "place" }, contextFor(english))).toBeNull();
  });
});
