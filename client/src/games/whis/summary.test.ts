import { describe, expect, it } from "vitest";
import { translator } from "../historyTestKit";
import { en, fr } from "./messages";
import { formatWhisSummary } from "./summary";

/** The real messages, formatted as the app does (ICU plurals, French typography). */
const t = translator("en", en);
const french = translator("fr", fr);

describe("WHIS history text", () => {
  it.each([
    [{ type: "play", seat: 0, card: { kind: "attack", element: "fire" }, fromDraw: false, ask: null, asked: "fire", attack: 4, again: false, reversed: false, roundEnd: null }, "Fire attack · attack: 4 to draw"],
    [{ type: "play", seat: 1, card: { kind: "light" }, fromDraw: true, ask: "water", asked: "water", attack: 0, again: false, reversed: false, roundEnd: null }, "Light (just drawn) · asks Water"],
    [{ type: "play", seat: 1, card: { kind: "transition", element: "fire" }, fromDraw: false, ask: null, asked: "water", attack: 0, again: false, reversed: false, roundEnd: null }, "Ice → Water"],
    [{ type: "draw", seat: 2, count: 4, penalty: true, asked: "wind", deciding: false, reshuffled: true, roundEnd: null }, "drew 4 cards (attack) · pile reshuffled"],
    [{ type: "pass", seat: 2, count: 1, reshuffled: false, roundEnd: { round: 3, winner: null, loser: 2 } }, "passed (drew 1 card) · round 3 lost with 15 cards"],
    [{ type: "play", seat: 0, card: { kind: "simple", element: "wind" }, fromDraw: false, ask: null, asked: "wind", attack: 0, again: false, reversed: false, roundEnd: { round: 1, winner: 0, loser: null } }, "Wind card · wins round 1"],
    [{ type: "keep", seat: 0 }, "kept the drawn card"],
    [{ type: "draw", seat: 3, count: 0, penalty: false, asked: "wind", deciding: false, reshuffled: false, roundEnd: { round: 2, winner: null, loser: 3 } }, "could not draw · round 2 lost with 15 cards"],
  ])("formats %j", (summary, text) => {
    expect(formatWhisSummary(summary, t)).toBe(text);
  });

  // French takes 0 as singular: a draw that ended the round at once said "pioche 0 carte".
  it.each([
    [{ type: "draw", seat: 3, count: 0, penalty: false, asked: "wind", deciding: false, reshuffled: false, roundEnd: null }, "ne peut pas piocher"],
    [{ type: "draw", seat: 3, count: 1, penalty: false, asked: "wind", deciding: true, reshuffled: false, roundEnd: null }, "pioche 1 carte"],
    [{ type: "draw", seat: 2, count: 4, penalty: true, asked: "wind", deciding: false, reshuffled: false, roundEnd: null }, "pioche 4 cartes (attaque)"],
    [{ type: "pass", seat: 2, count: 0, reshuffled: false, roundEnd: null }, "passe"],
    [{ type: "pass", seat: 2, count: 1, reshuffled: false, roundEnd: null }, "passe (pioche 1 carte)"],
    // The element a transition leads to goes with its card ("Glace · → Eau" read as two clauses).
    [{ type: "play", seat: 1, card: { kind: "transition", element: "fire" }, fromDraw: true, ask: null, asked: "water", attack: 0, again: false, reversed: false, roundEnd: null }, "Glace (tout juste piochée) → Eau"],
  ])("formats %j in French", (summary, text) => {
    expect(formatWhisSummary(summary, french)).toBe(text);
  });

  it("ignores what it cannot read", () => {
    expect(formatWhisSummary({ type: "place" }, t)).toBeNull();
    expect(formatWhisSummary(null, t)).toBeNull();
  });
});
