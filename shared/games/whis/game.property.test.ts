import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { cardKey, deckSize } from "./cards";
import { randomMove, scrambleHidden } from "./fuzzkit";
import { whis } from "./game";
import type { WhisState } from "./types";

/** Far more than any game needs (about 45 moves a round with sensible play). */
const MAX_MOVES = 20_000;
const SLOW_MS = 60_000;

const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  seats: fc.integer({ min: 2, max: 4 }),
  rounds: fc.integer({ min: 1, max: 5 }),
  big: fc.boolean(), // the default deck, or a bigger one with more attacks and wilds
});

const optionsOf = (rounds: number, big: boolean) =>
  whis.optionsSchema.parse({ rounds, deck: big ? { simple: 10, attack: 6, special: 4, transition: 3, light: 5, darkness: 5 } : {} });

function cardCount(state: WhisState): number {
  return state.pile.length + state.discard.length + state.hands.reduce((n, h) => n + h.length, 0);
}

const VIEW_KEYS = [
  "options", "seat", "hand", "playable", "drawnCard", "handCounts", "handLimit", "top", "asked", "attack", "neutralised",
  "discard", "pileCount", "deckSize", "direction", "turn", "phase", "again", "round", "rounds", "starter", "scores",
  "results", "moveCount", "lastMove", "finished",
].sort();

/** Redaction: a view holds the seat's own hand, nothing else secret, and does not change when the hidden cards are dealt anew. */
function checkViews(state: WhisState, seed: string): void {
  for (const seat of [null, ...state.hands.keys()]) {
    const view = whis.view(state, seat);
    const json = JSON.stringify(view);
    expect(json).not.toMatch(/"(pile|rng|hands|drawn)":/u);
    expect(Object.keys(view).sort()).toEqual(VIEW_KEYS);
    expect(view.hand).toEqual(seat === null ? null : state.hands[seat]);
    expect(view.handCounts).toEqual(state.hands.map((h) => h.length));
    expect(view.pileCount).toBe(state.pile.length);
    const scrambled = scrambleHidden(state, seat ?? -1, `${seed}/${seat}`);
    expect(JSON.stringify(whis.view(scrambled, seat))).toBe(json);
  }
}

describe("random legal games", () => {
  it("conserve the deck, end after the set number of rounds, and redact views", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, seats, rounds, big }) => {
        const options = optionsOf(rounds, big);
        const size = deckSize(options.deck);
        let state = whis.setup(options, seats, seed);
        const rng = new Rng(seedRng(`${seed}/moves`));
        let moves = 0;
        while (!state.finished && moves < MAX_MOVES) {
          expect(cardCount(state)).toBe(size);
          expect(state.hands.every((h) => h.length <= 15)).toBe(true);
          if (moves % 5 === 0) checkViews(state, `${seed}/${moves}`);
          const move = randomMove(state, rng);
          if (move === undefined) throw new Error("no legal move in an unfinished game");
          const result = whis.apply(state, state.turn, move);
          if (!result.ok) throw new Error(`legal move refused: ${result.error} ${JSON.stringify(move)}`);
          expect(JSON.stringify(result.summary)).not.toMatch(/"(pile|rng|hands)":/u);
          if (result.summary.type === "draw" || result.summary.type === "pass") expect(result.summary).not.toHaveProperty("card");
          state = result.state;
          moves++;
        }
        expect(state.finished).toBe(true);
        expect(cardCount(state)).toBe(size);
        expect(state.results).toHaveLength(rounds);
        expect(state.scores).toEqual(state.results.at(-1)?.totals);
        checkViews(state, `${seed}/end`);
        const outcome = whis.outcome(state);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(outcome.winners.every((s) => outcome.ranks[s] === 1 && state.scores[s] === Math.max(...state.scores))).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, SLOW_MS);

  it("accept every move legalMoves lists, and only the seat to move has any", () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 200 }), ({ seed, seats, rounds, big }, length) => {
        let state = whis.setup(optionsOf(rounds, big), seats, seed);
        const rng = new Rng(seedRng(`${seed}/legal`));
        for (let i = 0; i < length && !state.finished; i++) {
          const move = randomMove(state, rng);
          if (move === undefined) break;
          const next = whis.apply(state, state.turn, move);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
        if (state.finished) return;
        const moves = whis.legalMoves(state, state.turn);
        expect(moves.length).toBeGreaterThan(0);
        for (const move of moves) expect(whis.apply(state, state.turn, move).ok, JSON.stringify(move)).toBe(true);
        expect(new Set(moves.map((m) => JSON.stringify(m))).size).toBe(moves.length);
        for (const seat of state.hands.keys()) if (seat !== state.turn) expect(whis.legalMoves(state, seat)).toEqual([]);
        expect(whis.currentSeats(state)).toEqual([state.turn]);
        // Every card the view marks playable has a legal play move, and no other card does.
        const view = whis.view(state, state.turn);
        const playKeys = new Set(moves.flatMap((m) => (m.type === "play" ? [cardKey(m.card)] : [])));
        (view.hand ?? []).forEach((c, i) => {
          if (view.playable?.[i] === true) expect(playKeys.has(cardKey(c))).toBe(true);
        });
        expect(new Set((view.hand ?? []).filter((_, i) => view.playable?.[i]).map(cardKey))).toEqual(playKeys);
      }),
      { numRuns: 100 },
    );
  }, SLOW_MS);

  it("are deterministic in the seed", () => {
    const options = optionsOf(5, false);
    expect(JSON.stringify(whis.setup(options, 4, "same"))).toBe(JSON.stringify(whis.setup(options, 4, "same")));
    expect(JSON.stringify(whis.setup(options, 4, "same"))).not.toBe(JSON.stringify(whis.setup(options, 4, "other")));
  });
});
