import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { randomMove } from "./fuzzkit";
import { boundsFor } from "./board";
import { canPlace } from "./enumerate";
import { qwirkle } from "./game";
import { scorePlacement } from "./score";
import { fullTileSet, tileKey } from "./tiles";
import { BOARDS, MODES, type QwirkleState } from "./types";

/** Far more than any game needs: 108 tiles, and exchanges are rare under the placement bias. */
const MAX_MOVES = 2000;

/** Whole random games take about 0.2 s each; leave room for slow CI machines. */
const SLOW_MS = 60_000;

const gameArb = fc.record({
  seed: fc.string({ maxLength: 12 }),
  seats: fc.integer({ min: 2, max: 4 }),
  mode: fc.constantFrom(...MODES),
  board: fc.constantFrom(...BOARDS),
});

function multiset(state: QwirkleState): string[] {
  return [...state.bag, ...state.hands.flat(), ...state.board].map(tileKey).sort();
}

/** Redaction: each seat's view holds its own hand and nothing secret about the others. */
function checkViews(state: QwirkleState): void {
  for (const seat of [null, ...state.hands.keys()]) {
    const view = qwirkle.view(state, seat);
    const json = JSON.stringify(view);
    expect(json).not.toMatch(/"(bag|rng|hands)"/u);
    expect(Object.keys(view).sort()).toEqual(
      ["options", "seat", "board", "hand", "handCounts", "bagCount", "scores", "turn", "moveCount", "lastMove", "finished", "endReason", "totalTiles"].sort(),
    );
    expect(view.hand).toEqual(seat === null ? null : state.hands[seat]);
    expect(view.handCounts).toEqual(state.hands.map((h) => h.length));
    expect(view.bagCount).toBe(state.bag.length);
    expect(view.totalTiles).toBe(fullTileSet(state.options.mode).length);
  }
}

describe("random legal games", () => {
  it("end, keep every tile, score as scorePlacement says, and redact views", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, seats, mode, board }) => {
        let state = qwirkle.setup({ mode, board }, seats, seed);
        const full = fullTileSet(mode).map(tileKey).sort();
        const rng = new Rng(seedRng(`${seed}/moves`));
        let moves = 0;
        while (!state.finished && moves < MAX_MOVES) {
          expect(multiset(state)).toEqual(full);
          if (moves % 7 === 0) checkViews(state);
          const seat = state.turn;
          const move = randomMove(state, rng);
          if (move === undefined) throw new Error("no legal move in an unfinished game");
          const result = qwirkle.apply(state, seat, move);
          if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
          if (move.type === "place") {
            const scored = scorePlacement(state.board, move.placements);
            const summary = result.state.lastMove; // typed, unlike the platform-wide result.summary
            expect(scored.ok).toBe(true);
            expect(summary?.type).toBe("place");
            if (scored.ok && summary?.type === "place") {
              expect(summary.points).toBe(scored.points);
              expect(result.state.scores[seat]).toBe((state.scores[seat] ?? 0) + scored.points + summary.endBonus);
            }
          }
          state = result.state;
          moves++;
        }
        expect(state.finished).toBe(true);
        expect(multiset(state)).toEqual(full);
        checkViews(state);
        const outcome = qwirkle.outcome(state);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(outcome.winners.every((s) => outcome.ranks[s] === 1)).toBe(true);
        if (state.endReason === "blocked") {
          // The bag may hold tiles only if none of them fits the board either.
          expect(canPlace(state.board, state.bag, boundsFor(state.options.board))).toBe(false);
          for (const seat of state.hands.keys()) {
            const moves = qwirkle.legalMoves({ ...state, finished: false, turn: seat }, seat);
            if (state.bag.length === 0) expect(moves).toEqual([{ type: "pass" }]);
            else expect(moves.some((move) => move.type === "place")).toBe(false);
          }
        } else {
          expect(state.hands.some((h) => h.length === 0)).toBe(true);
        }
      }),
      { numRuns: 30 },
    );
  }, SLOW_MS);

  it("accept every move legalMoves lists", () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 30 }), ({ seed, seats, mode, board }, length) => {
        let state = qwirkle.setup({ mode, board }, seats, seed);
        const rng = new Rng(seedRng(`${seed}/legal`));
        for (let i = 0; i < length && !state.finished; i++) {
          const move = randomMove(state, rng);
          if (move === undefined) break;
          const next = qwirkle.apply(state, state.turn, move);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
        if (state.finished) return;
        for (const move of qwirkle.legalMoves(state, state.turn)) {
          expect(qwirkle.apply(state, state.turn, move).ok, JSON.stringify(move)).toBe(true);
        }
        const other = (state.turn + 1) % seats;
        expect(qwirkle.legalMoves(state, other)).toEqual([]);
      }),
      { numRuns: 30 },
    );
  }, SLOW_MS);
});
