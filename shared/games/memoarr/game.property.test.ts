import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { cardKey, fullDeck, sameCard } from "./cards";
import { CARD_CELLS, parseCell } from "./cells";
import { randomMove } from "./fuzzkit";
import { memoarr } from "./game";
import type { Card, MemoarrBotMemory, MemoarrMoveSummary, MemoarrState } from "./types";

/** Far more than a game needs: 7 rounds of at most 24 reveals, their follow-ups and the peeks. */
const MAX_MOVES = 1000;
const SLOW_MS = 60_000;

const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  seats: fc.integer({ min: 2, max: 4 }),
  expertRules: fc.boolean(),
});

const DECK = fullDeck().map(cardKey).sort().join();
const json = (c: Card): string => `"animal":"${c.animal}","background":"${c.background}"`;

/**
 * Redaction: no face-down identity except the seat's own peek while its peek window is open (the
 * peek phase, until it says ready), never another seat's peek, no unused card, no deck, no others'
 * rubies. The bot memory holds exactly the seat's own peek, nothing else.
 */
function checkViews(state: MemoarrState): void {
  const over = state.phase === "over";
  for (const seat of [null, ...state.won.keys()]) {
    const view = memoarr.view(state, seat);
    const text = JSON.stringify(view);
    expect(text).not.toMatch(/"(won|rewards|rng|unused|peeked)"/u);
    const windowOpen = seat !== null && state.phase === "peek" && state.ready[seat] === false;
    if (view.peekOpen !== windowOpen) throw new Error(`seat ${seat}: peekOpen ${view.peekOpen} outside its window`);
    if (!windowOpen && view.myPeek !== null) throw new Error(`seat ${seat} keeps its peek after the window`);
    if (seat !== null) {
      const memory = memoarr.botMemory?.(state, seat) as MemoarrBotMemory;
      const peeked = state.peeked[seat] ?? [];
      if (memory.peek.length !== peeked.length || !memory.peek.every((p) => peeked.some((c) => sameCard(c, p.card)) && sameCard(state.grid[parseCell(p.cell) ?? -1] as Card, p.card))) {
        throw new Error(`seat ${seat}: bot memory is not its own peek where it lies`);
      }
    }
    if (!over) {
      const own = windowOpen ? (state.peeked[seat] ?? []) : [];
      for (const cell of CARD_CELLS) {
        const card = state.grid[cell];
        // Plain checks in the hot loop: thousands of expect calls per game are what makes it slow.
        if (card && !state.faceUp[cell] && !own.some((p) => sameCard(p, card)) && text.includes(json(card))) {
          throw new Error(`seat ${seat} sees face-down ${cardKey(card)}`);
        }
      }
      if (text.includes(json(state.unused))) throw new Error(`seat ${seat} sees the unused card`);
      expect(view.rubies).toBeNull();
      expect(memoarr.outcome(state).scores.every((s) => s === 0)).toBe(true);
    }
    expect(view.myRewards).toEqual(seat === null ? null : state.won[seat]);
  }
}

/** A summary names only cards that are face up after the move, or (a penguin's hide) were before it. */
function checkSummary(before: MemoarrState, after: MemoarrState, summary: MemoarrMoveSummary): void {
  if (summary.type === "reveal") {
    expect(summary.card).toEqual(before.grid[CARD_CELLS.find((c) => before.grid[c] && sameCard(before.grid[c] as Card, summary.card)) ?? -1]);
    expect(before.revealOrder.length + 1 === after.revealOrder.length || summary.roundEnd !== null).toBe(true);
  }
  if (summary.type === "hide") expect(before.revealOrder.some((c) => before.grid[c] && sameCard(before.grid[c] as Card, summary.card))).toBe(true);
  expect(JSON.stringify(summary)).not.toContain(json(before.unused));
}

function conserved(state: MemoarrState): void {
  const keys = [...state.grid.flatMap((c) => (c ? [cardKey(c)] : [])), cardKey(state.unused)].sort().join();
  if (keys !== DECK) throw new Error(`cards lost or duplicated: ${keys}`);
  if ([...state.rewards, ...state.won.flat()].sort().join() !== "1,1,1,2,2,3,4") throw new Error("rubies cards lost or duplicated");
  if (state.won.flat().length !== state.roundWinners.length) throw new Error("one rubies card per round won");
  if (state.roundWinners.length !== (state.phase === "over" ? 7 : state.round - 1)) throw new Error("one winner per finished round");
}

describe("random legal games", () => {
  it("end after 7 rounds, keep every card and rubies card, and redact views and summaries", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, seats, expertRules }) => {
        let state = memoarr.setup({ expertRules, expertDisplay: false, peekSeconds: 5 }, seats, seed);
        const rng = new Rng(seedRng(`${seed}/moves`));
        let moves = 0;
        while (state.phase !== "over" && moves < MAX_MOVES) {
          conserved(state);
          checkViews(state);
          const next = randomMove(state, rng);
          if (next === undefined) throw new Error("nobody can move in an unfinished game");
          for (const other of state.won.keys()) {
            if (!memoarr.currentSeats(state).includes(other) && memoarr.legalMoves(state, other).length > 0) throw new Error(`seat ${other} has moves out of turn`);
          }
          const result = memoarr.apply(state, next.seat, next.move);
          if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
          checkSummary(state, result.state, result.summary as MemoarrMoveSummary);
          state = result.state;
          moves++;
        }
        expect(state.phase).toBe("over");
        conserved(state);
        checkViews(state);
        const outcome = memoarr.outcome(state);
        expect(outcome.finished).toBe(true);
        expect(outcome.scores.reduce((a, b) => a + b, 0)).toBe(14);
        expect(outcome.winners.every((s) => outcome.ranks[s] === 1)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, SLOW_MS);

  it("accept every move legalMoves lists", () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 120 }), ({ seed, seats, expertRules }, length) => {
        let state = memoarr.setup({ expertRules, expertDisplay: false, peekSeconds: 5 }, seats, seed);
        const rng = new Rng(seedRng(`${seed}/legal`));
        for (let i = 0; i < length && state.phase !== "over"; i++) {
          const next = randomMove(state, rng);
          if (next === undefined) break;
          const result = memoarr.apply(state, next.seat, next.move);
          if (!result.ok) throw new Error(result.error);
          state = result.state;
        }
        for (const seat of memoarr.currentSeats(state)) {
          const moves = memoarr.legalMoves(state, seat);
          expect(moves.length).toBeGreaterThan(0);
          for (const move of moves) expect(memoarr.apply(state, seat, move).ok, JSON.stringify(move)).toBe(true);
        }
      }),
      { numRuns: 60 },
    );
  }, SLOW_MS);
});
