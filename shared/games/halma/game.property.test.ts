import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { halma } from "./game";
import { MAX_ROUNDS } from "./rules";
import { keysOf, MAX_GAME_MOVES, randomMove, randomPosition } from "./testkit";
import { SEAT_COUNTS, type HalmaState } from "./types";

/** Whole random games last the full 300 rounds (random play rarely wins): give them time. */
const SLOW_MS = 60_000;

const gameArb = fc.record({ seed: fc.string({ maxLength: 8 }), players: fc.constantFrom(...SEAT_COUNTS) });

const VIEW_KEYS = [
  "players", "seat", "size", "pieces", "corners", "camps", "goals", "homeCounts", "distances",
  "turn", "round", "maxRounds", "moveCount", "lastMove", "finished", "endReason", "winners",
].sort();

function checkInvariants(state: HalmaState, counts: readonly number[]): void {
  expect(state.pieces.map((p) => p.length)).toEqual(counts);
  const all = state.pieces.flat();
  expect(new Set(keysOf(all)).size).toBe(all.length); // no two pieces on one cell
  expect(all.every((c) => c.row >= 0 && c.row < 16 && c.col >= 0 && c.col < 16)).toBe(true);
}

/** Halma hides nothing: every viewer gets the same view but for `seat`, and no engine secret. */
function checkViews(state: HalmaState): void {
  const spectator = halma.view(state, null);
  expect(Object.keys(spectator).sort()).toEqual(VIEW_KEYS);
  expect(JSON.stringify(spectator)).not.toMatch(/rng/iu);
  expect(spectator.pieces).toEqual(state.pieces);
  expect(spectator.seat).toBeNull();
  for (const seat of state.pieces.keys()) {
    expect(halma.view(state, seat)).toEqual({ ...spectator, seat });
  }
}

describe("random legal games", () => {
  it("keep every piece, never overlap, and end within 300 rounds", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, players }) => {
        let state = halma.setup({}, players, seed);
        const counts = state.pieces.map((p) => p.length);
        const rng = new Rng(seedRng(`${seed}/moves`));
        let moves = 0;
        while (!state.finished && moves <= MAX_GAME_MOVES) {
          if (moves % 97 === 0) checkViews(state);
          const move = randomMove(state, rng);
          if (move === undefined) throw new Error("no legal move for the seat to play");
          const result = halma.apply(state, state.turn, move);
          if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
          state = result.state;
          checkInvariants(state, counts);
          moves++;
        }
        expect(state.finished).toBe(true);
        expect(state.round).toBeLessThanOrEqual(MAX_ROUNDS);
        checkViews(state);
        const outcome = halma.outcome(state);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(outcome.winners.every((s) => outcome.ranks[s] === 1)).toBe(true);
        expect(halma.currentSeats(state)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  }, SLOW_MS);

  it("accept every move legalMoves lists, and list none out of turn", () => {
    fc.assert(
      fc.property(gameArb, fc.integer({ min: 0, max: 150 }), ({ seed, players }, length) => {
        const state = randomPosition(seed, players, length);
        if (state.finished) return;
        const moves = halma.legalMoves(state, state.turn);
        expect(moves.length).toBeGreaterThan(0);
        for (const move of moves) expect(halma.apply(state, state.turn, move).ok, JSON.stringify(move)).toBe(true);
        expect(halma.legalMoves(state, (state.turn + 1) % players)).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, SLOW_MS);
});
