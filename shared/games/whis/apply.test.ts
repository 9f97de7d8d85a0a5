import { describe, expect, it } from "vitest";
import { applyMove } from "./apply";
import { cardKey } from "./cards";
import { legalMoves } from "./legal";
import { viewFor } from "./view";
import { card, makeState } from "./testkit";
import type { WhisMove, WhisState } from "./types";

/** Applies moves in order (each by the seat to move) and returns the final state; throws on a refusal. */
function run(state: WhisState, ...moves: WhisMove[]): WhisState {
  return moves.reduce((s, move) => {
    const r = applyMove(s, s.turn, move);
    if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.error}`);
    return r.state;
  }, state);
}

const play = (key: string, ask?: "water" | "fire" | "wind"): WhisMove => ({ type: "play", card: card(key), ...(ask === undefined ? {} : { ask }) });
const keys = (state: WhisState, seat: number) => (state.hands[seat] ?? []).map(cardKey);
const four = (first: string) => [first, "simple:wind*3", "simple:wind*3", "simple:wind*3"];

describe("playing a card", () => {
  it("a simple card of the element asked goes on the discard, the turn passes", () => {
    const s = run(makeState({ hands: four("simple:water simple:fire") }), play("simple:water"));
    expect(keys(s, 0)).toEqual(["simple:fire"]);
    expect(cardKey(s.discard.at(-1) ?? card("light"))).toBe("simple:water");
    expect([s.turn, s.asked, s.attack]).toEqual([1, "water", 0]);
  });

  it("refuses a card of another element, a card not held, and moves out of turn", () => {
    const s = makeState({ hands: four("simple:water simple:fire") });
    expect(applyMove(s, 0, play("simple:fire"))).toEqual({ ok: false, error: "CARD_NOT_COMPATIBLE" });
    expect(applyMove(s, 0, play("simple:wind"))).toEqual({ ok: false, error: "CARD_NOT_IN_HAND" });
    expect(applyMove(s, 1, play("simple:wind"))).toEqual({ ok: false, error: "NOT_YOUR_TURN" });
  });

  it.each([
    ["transition:water", "water", "wind"], // Volt
    ["transition:fire", "fire", "water"], // Ice
    ["transition:wind", "wind", "fire"], // Earth
  ] as const)("%s is played on %s and asks for %s", (key, asked, next) => {
    const s = run(makeState({ hands: four(`${key} simple:fire`), asked }), play(key));
    expect(s.asked).toBe(next);
  });

  it("a transition is refused on another element", () => {
    expect(applyMove(makeState({ hands: four("transition:water simple:fire"), asked: "fire" }), 0, play("transition:water")).ok).toBe(false);
  });

  it("Prism, Light and Darkness need the element asked of the next player; other cards refuse one", () => {
    const s = makeState({ hands: four("special:water light darkness simple:water") });
    expect(applyMove(s, 0, play("special:water"))).toEqual({ ok: false, error: "ELEMENT_REQUIRED" });
    expect(applyMove(s, 0, play("light"))).toEqual({ ok: false, error: "ELEMENT_REQUIRED" });
    expect(applyMove(s, 0, play("simple:water", "fire"))).toEqual({ ok: false, error: "ELEMENT_NOT_ALLOWED" });
    expect(run(s, play("special:water", "fire")).asked).toBe("fire");
    expect(run(s, play("darkness", "wind")).asked).toBe("wind");
  });

  it("Light and Darkness are playable on any element, but not on an active attack", () => {
    for (const asked of ["water", "fire", "wind"] as const) {
      expect(run(makeState({ hands: four("light simple:water"), asked }), play("light", "fire")).asked).toBe("fire");
    }
    const attacked = makeState({ hands: four("light darkness simple:water"), discard: "attack:water", attack: 2 });
    expect(applyMove(attacked, 0, play("light", "fire"))).toEqual({ ok: false, error: "ATTACK_ACTIVE" });
    expect(applyMove(attacked, 0, play("darkness", "fire"))).toEqual({ ok: false, error: "ATTACK_ACTIVE" });
    expect(applyMove(attacked, 0, play("simple:water"))).toEqual({ ok: false, error: "ATTACK_ACTIVE" });
  });
});

describe("attacks", () => {
  it("accumulate: three attacks in a row make the player who cannot answer draw 6", () => {
    const s0 = makeState({
      hands: ["attack:water simple:fire", "attack:fire simple:fire", "attack:wind simple:fire", "simple:water simple:fire"],
      pile: "simple:wind*10",
    });
    const s1 = run(s0, play("attack:water"));
    expect([s1.turn, s1.attack]).toEqual([1, 2]);
    const s2 = run(s1, play("attack:fire")); // any element answers an active attack
    expect([s2.attack, s2.asked]).toEqual([4, "fire"]);
    const s3 = run(s2, play("attack:wind"));
    expect(s3.attack).toBe(6);
    expect(legalMoves(s3, 3)).toEqual([{ type: "draw" }]); // no pass, no simple card, on an active attack
    expect(applyMove(s3, 3, { type: "pass" })).toEqual({ ok: false, error: "ATTACK_ACTIVE" });
    const r = applyMove(s3, 3, { type: "draw" });
    if (!r.ok) throw new Error(r.error);
    expect(r.summary).toMatchObject({ type: "draw", count: 6, penalty: true });
    expect(r.state.hands[3]).toHaveLength(8);
    // The turn ends; the attack is neutralised: seat 0 must play wind (the last attack's element).
    expect([r.state.turn, r.state.attack, r.state.asked]).toEqual([0, 0, "wind"]);
    expect(viewFor(r.state, 0).neutralised).toBe("wind");
  });

  it("after a neutralised attack the next player plays its element (an attack of it too) or draws one card only", () => {
    const neutral = { discard: "attack:fire", asked: "fire" as const, attack: 0 };
    const answering = makeState({ hands: four("attack:fire attack:water simple:water"), ...neutral });
    expect(applyMove(answering, 0, play("attack:water"))).toEqual({ ok: false, error: "CARD_NOT_COMPATIBLE" });
    expect(run(answering, play("attack:fire")).attack).toBe(2); // a new chain starts
    const stuck = makeState({ hands: four("attack:water simple:water"), ...neutral, pile: "simple:wind*4" });
    const r = applyMove(stuck, 0, { type: "draw" });
    expect(r.ok && r.summary).toMatchObject({ type: "draw", count: 1, penalty: false });
    expect(r.ok && r.state.turn).toBe(1);
  });
});

describe("Double", () => {
  it("the same player plays again, a Fire-compatible card", () => {
    const s = run(makeState({ hands: four("special:fire simple:fire simple:water"), asked: "fire" }), play("special:fire"));
    expect([s.turn, s.again, s.asked]).toEqual([0, true, "fire"]);
    expect(run(s, play("simple:fire")).turn).toBe(1);
  });

  it("followed by no playable card: draw one, play it if it fits", () => {
    const s = run(makeState({ hands: four("special:fire simple:water"), asked: "fire", pile: "simple:water simple:fire" }), play("special:fire"));
    expect(applyMove(s, 0, { type: "draw" }).ok).toBe(true);
    const drawn = run(s, { type: "draw" });
    expect([drawn.turn, drawn.phase, drawn.drawn && cardKey(drawn.drawn)]).toEqual([0, "drawn", "simple:fire"]);
    expect(legalMoves(drawn, 0)).toEqual([play("simple:fire"), { type: "keep" }]);
    expect(run(drawn, play("simple:fire")).turn).toBe(1);
  });

  it("followed by no playable card and an unplayable draw: the turn ends", () => {
    const s = run(makeState({ hands: four("special:fire simple:water"), asked: "fire", pile: "simple:wind" }), play("special:fire"));
    const r = run(s, { type: "draw" });
    expect([r.turn, r.phase, r.again]).toEqual([1, "play", false]);
  });

  it("as the last card it wins the round instead", () => {
    const s = run(makeState({ hands: four("special:fire"), asked: "fire" }), play("special:fire"));
    expect(s.round).toBe(2);
    expect(s.results[0]?.winner).toBe(0);
  });
});

describe("Change", () => {
  it("reverses the direction: with four players the previous seat plays next", () => {
    const s = run(makeState({ hands: four("special:wind simple:fire"), asked: "wind" }), play("special:wind"));
    expect([s.direction, s.turn]).toEqual([-1, 3]);
    expect(run(s, play("simple:wind")).turn).toBe(2);
  });

  it("with two players the direction flips and the other player still plays next (no extra turn)", () => {
    const s = run(makeState({ hands: ["special:wind simple:fire", "simple:wind*3"], asked: "wind" }), play("special:wind"));
    expect([s.direction, s.turn]).toEqual([-1, 1]);
    expect(run(s, play("simple:wind")).turn).toBe(0);
  });
});

describe("drawing and passing", () => {
  it("draw is refused while a card fits; pass draws one and ends the turn even if the card fits", () => {
    const s = makeState({ hands: four("simple:water"), pile: "simple:water" });
    expect(applyMove(s, 0, { type: "draw" })).toEqual({ ok: false, error: "CAN_PLAY" });
    const r = applyMove(s, 0, { type: "pass" });
    expect(r.ok && r.summary).toEqual({ type: "pass", seat: 0, count: 1, reshuffled: false, roundEnd: null });
    expect(r.ok && [r.state.turn, r.state.hands[0]?.length]).toEqual([1, 2]);
  });

  it("a drawn card that fits: play it or keep it; nothing else", () => {
    const s = run(makeState({ hands: four("simple:fire"), pile: "simple:water" }), { type: "draw" });
    expect(s.phase).toBe("drawn");
    expect(applyMove(s, 0, play("simple:fire"))).toEqual({ ok: false, error: "NOT_DRAWN_CARD" });
    expect(applyMove(s, 0, { type: "draw" })).toEqual({ ok: false, error: "DRAWN_CARD_PENDING" });
    expect(applyMove(s, 0, { type: "pass" })).toEqual({ ok: false, error: "DRAWN_CARD_PENDING" });
    const kept = run(s, { type: "keep" });
    expect([kept.turn, kept.phase, kept.hands[0]?.length]).toEqual([1, "play", 2]);
    expect(applyMove(kept, 1, { type: "keep" })).toEqual({ ok: false, error: "NOTHING_DRAWN" });
    const view = viewFor(s, 0);
    expect(view.drawnCard).toEqual(card("simple:water"));
    expect(view.playable).toEqual([false, true]);
    expect(viewFor(s, 1).drawnCard).toBeNull();
  });
});

describe("the 15-card limit", () => {
  it("is reached mid-draw: 12 cards facing 6 draws 3, then must draw a 16th and loses", () => {
    const s = makeState({ hands: ["attack:water", "simple:fire*12", "simple:wind", "simple:wind"], discard: "attack:water", attack: 6, turn: 1, pile: "simple:water*10" });
    const r = applyMove(s, 1, { type: "draw" });
    if (!r.ok) throw new Error(r.error);
    expect(r.summary).toMatchObject({ type: "draw", count: 3, penalty: true });
    const last = r.state.lastMove; // typed, unlike the platform-wide r.summary
    const end = last?.type === "draw" ? last.roundEnd : null;
    // Loser's 15 simple cards = 30: others gain 10, the loser loses 30.
    expect(end).toMatchObject({ round: 1, loser: 1, winner: null, handCounts: [1, 15, 1, 1], changes: [10, -30, 10, 10] });
    expect([r.state.round, r.state.starter, r.state.turn]).toEqual([2, 1, 1]); // the loser starts round 2
  });

  it("13 cards facing 2 reach 15 without losing", () => {
    const s = makeState({ hands: ["attack:water", "simple:fire*13", "simple:wind", "simple:wind"], discard: "attack:water", attack: 2, turn: 1 });
    const r = run(s, { type: "draw" });
    expect([r.round, r.hands[1]?.length, r.turn]).toEqual([1, 15, 2]);
  });

  it("a pass while holding 15 cards loses the round", () => {
    const r = applyMove(makeState({ hands: four("simple:water*15") }), 0, { type: "pass" });
    expect(r.ok && r.summary).toMatchObject({ type: "pass", count: 0, roundEnd: { loser: 0 } });
  });
});

describe("the discard reshuffle", () => {
  it("when the pile is empty, every discard card but the top goes back into the pile", () => {
    const s = makeState({ hands: four("simple:fire"), pile: "", discard: "simple:wind attack:fire light simple:water" });
    const r = applyMove(s, 0, { type: "draw" });
    if (!r.ok) throw new Error(r.error);
    expect(r.summary).toMatchObject({ type: "draw", count: 1, reshuffled: true });
    expect(r.state.discard.map(cardKey)).toEqual(["simple:water"]);
    expect(r.state.pile).toHaveLength(2);
    const all = [...(r.state.hands[0] ?? []), ...r.state.pile].map(cardKey).sort();
    expect(all).toEqual(["attack:fire", "light", "simple:fire", "simple:wind"]);
  });
});

describe("rounds", () => {
  it("emptying a hand wins: the round is scored, the winner starts the next round with fresh hands", () => {
    const s = makeState({ hands: ["simple:wind", "simple:water attack:fire", "light", "simple:water"], turn: 3, scores: [5, 0, -5, 0] });
    const r = applyMove(s, 3, play("simple:water"));
    if (!r.ok) throw new Error(r.error);
    const last = r.state.lastMove;
    const end = last?.type === "play" ? last.roundEnd : null;
    expect(end).toEqual({ round: 1, winner: 3, loser: null, handCounts: [1, 2, 1, 0], handValues: [2, 12, 20, 0], changes: [-2, -12, -20, 34], totals: [3, -12, -25, 34] });
    const next = r.state;
    expect([next.round, next.starter, next.turn, next.direction, next.attack, next.phase]).toEqual([2, 3, 3, 1, 0, "play"]);
    expect(next.hands.map((h) => h.length)).toEqual([6, 6, 6, 6]);
    expect(next.discard).toHaveLength(1);
    expect(next.discard[0]?.kind).toBe("simple");
    expect(next.pile.length + 24 + 1).toBe(60);
    expect(next.scores).toEqual([3, -12, -25, 34]); // negative totals are kept
    expect(viewFor(next, 0).results).toEqual([end]);
  });

  it("after the 5th round the game ends: highest total wins, nobody moves any more", () => {
    const s = makeState({ hands: four("simple:water"), round: 5, scores: [-10, 20, 30, 0] });
    const r = run(s, play("simple:water"));
    // Seat 0 gains 3 × 6 = 18 → 8; the others lose 6: 14, 24, -6.
    expect(r.finished).toBe(true);
    expect(r.scores).toEqual([8, 14, 24, -6]);
    expect(applyMove(r, r.turn, { type: "pass" })).toEqual({ ok: false, error: "GAME_OVER" });
    expect(legalMoves(r, r.turn)).toEqual([]);
  });
});
