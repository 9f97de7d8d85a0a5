import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { PublicMoveSummary } from "../../../engine/types";
import { applyMove } from "../apply";
import { randomPosition, scrambleHidden } from "../fuzzkit";
import { whis } from "../game";
import { legalMoves } from "../legal";
import { card, makeState, randomSource } from "../testkit";
import type { WhisMove, WhisState } from "../types";
import { viewFor } from "../view";
import { easy, hard, medium } from ".";

const BOTS = [easy, medium, hard];
const SLOW_MS = 60_000;

function decide(bot: (typeof BOTS)[number], state: WhisState, seed: string, history: readonly PublicMoveSummary[] = []): WhisMove {
  return bot.decide({ view: viewFor(state, state.turn), seat: state.turn, history, random: randomSource(seed) });
}

const positionArb = fc.record({
  seed: fc.string({ maxLength: 8 }),
  seats: fc.integer({ min: 2, max: 4 }),
  moves: fc.integer({ min: 0, max: 150 }),
});

describe("WHIS bots", () => {
  it("are listed weakest first with French and English names", () => {
    expect(whis.bots.map((b) => b.id)).toEqual(["easy", "medium", "hard"]);
    for (const bot of whis.bots) expect(bot.names.fr.length * bot.names.en.length).toBeGreaterThan(0);
  });

  for (const bot of BOTS) {
    it(`${bot.id} never plays an illegal move and ignores the hidden cards`, () => {
      fc.assert(
        fc.property(positionArb, ({ seed, seats, moves }) => {
          const state = randomPosition(seed, seats, whis.optionsSchema.parse({}), moves);
          if (state.finished) return;
          const move = decide(bot, state, seed);
          const legal = legalMoves(state, state.turn).map((m) => JSON.stringify(m));
          expect(legal, JSON.stringify(move)).toContain(JSON.stringify(move));
          expect(applyMove(state, state.turn, move).ok).toBe(true);
          // Fairness: the other hands and the pile dealt anew never change the decision.
          expect(decide(bot, scrambleHidden(state, state.turn, `${seed}/x`), seed)).toEqual(move);
        }),
        { numRuns: bot.id === "hard" ? 40 : 150 },
      );
    }, SLOW_MS);
  }

  it("play a whole default game among themselves: 5 rounds, then the end", () => {
    let state = whis.setup(whis.optionsSchema.parse({}), 4, "bots");
    const history: PublicMoveSummary[] = [];
    const seating = [hard, medium, easy, medium];
    for (let i = 0; i < 2000 && !state.finished; i++) {
      const bot = seating[state.turn] ?? easy;
      const result = applyMove(state, state.turn, decide(bot, state, `m${i}`, history));
      if (!result.ok) throw new Error(result.error);
      history.push(result.summary);
      state = result.state;
    }
    expect(state.finished).toBe(true);
    expect(state.results.map((r) => r.round)).toEqual([1, 2, 3, 4, 5]);
    // Each round after the first is begun by the seat that ended the one before.
    expect(state.round).toBe(5);
    expect(state.starter).toBe(state.results[3]?.winner ?? state.results[3]?.loser);
    expect(whis.currentSeats(state)).toEqual([]);
  }, SLOW_MS);

  it("easy plays the first compatible card of its hand", () => {
    const state = makeState({ hands: ["simple:fire attack:water simple:water", "simple:wind"] });
    expect(decide(easy, state, "e")).toEqual({ type: "play", card: card("attack:water") });
  });

  it("medium keeps its attacks for answering, answers an attack, and asks for the element it holds most of", () => {
    const calm = makeState({ hands: ["attack:water simple:water simple:fire*2", "simple:wind*5", "simple:wind*5"] });
    expect(decide(medium, calm, "m")).toEqual({ type: "play", card: card("simple:water") });
    const attacked = makeState({ hands: ["attack:fire simple:water", "simple:wind*5"], discard: "attack:water", attack: 2 });
    expect(decide(medium, attacked, "m")).toEqual({ type: "play", card: card("attack:fire") });
    const wild = makeState({ hands: ["light simple:wind*2 simple:fire", "simple:wind*5"], asked: "water" });
    expect(decide(medium, wild, "m")).toEqual({ type: "play", card: card("light"), ask: "wind" });
  });

  it("medium dumps its most valuable card when an opponent is close to going out", () => {
    const state = makeState({ hands: ["simple:water light attack:water simple:fire", "simple:wind"] });
    expect(decide(medium, state, "m")).toMatchObject({ type: "play", card: card("light") });
  });

  it("hard goes out when it can", () => {
    const state = makeState({ hands: ["simple:water", "simple:wind*3", "simple:wind*3", "simple:wind*3"] });
    expect(decide(hard, state, "h")).toEqual({ type: "play", card: card("simple:water") });
    const double = makeState({ hands: ["special:fire simple:fire", "simple:wind*3", "simple:wind*3", "simple:wind*3"], asked: "fire" });
    expect(decide(hard, double, "h")).toEqual({ type: "play", card: card("special:fire") });
  });
});
