import { describe, expect, it } from "vitest";
import { lineText } from "../history";
import { contextFor, translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { whisSentence } from "./sentence";

const english = translator("en", en);
const french = translator("fr", fr);
const play = { type: "play", seat: 0, fromDraw: false, ask: null, attack: 0, again: false, reversed: false, roundEnd: null };

describe("WHIS history sentences", () => {
  it.each([
    [
      { ...play, card: { kind: "attack", element: "fire" }, asked: "fire", attack: 4 },
      "Alice played [Fire attack], an attack of 4 cards",
      "Alice a joué [Attaque Feu], une attaque de 4 cartes",
    ],
    [
      { ...play, seat: 1, card: { kind: "light" }, fromDraw: true, ask: "water", asked: "water" },
      "Bruno drew and played [Light], asking for Water",
      "Bruno a pioché puis joué [Lumière] et demande l’élément Eau",
    ],
    [
      { ...play, card: { kind: "transition", element: "fire" }, asked: "water" },
      "Alice played [Ice], the element is now Water",
      "Alice a joué [Glace], l’élément devient Eau",
    ],
    [{ ...play, card: { kind: "special", element: "fire" }, asked: "fire", again: true }, "Alice played [Double], and plays again", "Alice a joué [Double] et rejoue"],
    [
      { ...play, card: { kind: "special", element: "wind" }, asked: "wind", reversed: true },
      "Alice played [Change], and reverses the direction",
      "Alice a joué [Change] et inverse le sens du jeu",
    ],
    [
      { type: "draw", seat: 2, count: 4, penalty: true, asked: "wind", deciding: false, reshuffled: true, roundEnd: null },
      "Chloé drew 4 cards from the attack. The discard pile was shuffled into the draw pile",
      "Chloé a pioché 4 cartes à cause de l’attaque. La défausse a été remélangée dans la pioche",
    ],
    [{ type: "draw", seat: 3, count: 1, penalty: false, asked: "wind", deciding: true, reshuffled: false, roundEnd: null }, "Émile drew a card", "Émile a pioché une carte"],
    // Holding 15 cards, the first card of a draw ends the round: none was drawn (French takes 0 as singular).
    [
      { type: "draw", seat: 3, count: 0, penalty: false, asked: "wind", deciding: false, reshuffled: false, roundEnd: { round: 2, winner: null, loser: 3 } },
      "Émile could not draw a card. Émile loses round 2 with 15 cards",
      "Émile n’a pu piocher aucune carte. Émile perd la manche 2 avec 15 cartes",
    ],
    [
      { type: "draw", seat: 1, count: 0, penalty: true, asked: "wind", deciding: false, reshuffled: false, roundEnd: { round: 4, winner: null, loser: 1 } },
      "Bruno could not draw the attack’s cards. Bruno loses round 4 with 15 cards",
      "Bruno n’a pu piocher aucune carte de l’attaque. Bruno perd la manche 4 avec 15 cartes",
    ],
    [
      { type: "pass", seat: 2, count: 1, reshuffled: false, roundEnd: { round: 3, winner: null, loser: 2 } },
      "Chloé passed and drew a card. Chloé loses round 3 with 15 cards",
      "Chloé a passé son tour et pioché une carte. Chloé perd la manche 3 avec 15 cartes",
    ],
    [
      { ...play, card: { kind: "simple", element: "wind" }, asked: "wind", roundEnd: { round: 1, winner: 0, loser: null } },
      "Alice played [Wind card]. Alice wins round 1",
      "Alice a joué [Carte Vent]. Alice gagne la manche 1",
    ],
    [{ type: "keep", seat: 0 }, "Alice kept the drawn card", "Alice a gardé la carte piochée"],
  ])("%j", (summary, inEnglish, inFrench) => {
    expect(lineText(whisSentence(summary, contextFor(english)) ?? [])).toBe(inEnglish);
    expect(lineText(whisSentence(summary, contextFor(french)) ?? [])).toBe(inFrench);
  });

  it("draws the card played", () => {
    const line = whisSentence({ ...play, card: { kind: "darkness" }, ask: "fire", asked: "fire" }, contextFor(english)) ?? [];
    expect(line.flatMap((part) => ("pictures" in part ? part.pictures : []))).toEqual([{ kind: "darkness" }]);
  });

  it("says nothing of a record it does not know", () => {
    expect(whisSentence({ type: "place" }, contextFor(english))).toBeNull();
    expect(whisSentence(null, contextFor(english))).toBeNull();
  });
});
