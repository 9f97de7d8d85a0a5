import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import { randomMove } from "./fuzzkit";
import { mahjong } from "./game";
import { LAYOUTS } from "./layouts";
import { pairPoints } from "./rules";
import { LEVELS, type Family, type MahjongMoveSummary, type MahjongState } from "./types";

/** Far more than a game needs with the pair bias (a few hundred moves). */
const MAX_MOVES = 5000;
const SLOW_MS = 60_000;

const gameArb = fc.record({ seed: fc.string({ maxLength: 12 }), level: fc.constantFrom(...LEVELS), timeouts: fc.double({ min: 0, max: 0.2, noNaN: true }) });

/** No view, for any seat or a spectator, shows a face that is down; the last move names none either. */
function checkViews(state: MahjongState): void {
  const problems: string[] = [];
  for (const seat of [0, 1, null]) {
    const view = mahjong.view(state, seat);
    if ("rng" in view || "board" in view) problems.push(`${seat}: state fields in the view`);
    for (const tile of view.tiles) {
      const expected = state.facesHidden && tile.id !== state.selected ? null : state.board[tile.id];
      if (tile.family !== expected) problems.push(`${seat}: tile ${tile.id} shows ${tile.family}`);
    }
    const last = view.lastMove;
    if (state.facesHidden && last?.type === "select" && last.result === "first" && last.tile !== state.selected) problems.push("last move names a face-down tile");
    if (last?.type === "select" && last.result === "deselect" && last.family !== null) problems.push("a cancelled selection names its face");
  }
  expect(problems).toEqual([]);
}

describe("random legal games (with timeouts now and then)", () => {
  it("end, keep every tile, score as the pair rule says, and never show a hidden face", () => {
    fc.assert(
      fc.property(gameArb, ({ seed, level, timeouts }) => {
        let state = mahjong.setup({ level }, 2, seed);
        const initial = state.board.slice().sort();
        const removed: Family[] = [];
        const rng = new Rng(seedRng(`${seed}/moves`));
        let moves = 0;
        while (!state.finished && moves < MAX_MOVES) {
          checkViews(state);
          const before = state;
          const useTimeout = rng.next() < timeouts;
          const move = useTimeout ? undefined : randomMove(state, rng);
          const result = move === undefined ? mahjong.onTimeout?.(state, `turn:${state.turnNumber}`) : mahjong.apply(state, state.turn, move);
          if (result === undefined || !result.ok) throw new Error(`refused: ${JSON.stringify(move)} ${result?.ok === false ? result.error : ""}`);
          state = result.state;
          const summary = state.lastMove as MahjongMoveSummary;
          expect(result.summary).toBe(summary);
          if (summary.type === "select" && summary.result === "pair" && summary.family !== null) {
            removed.push(summary.family, summary.family);
            expect(summary.points).toBe(pairPoints(before.pairsThisTurn + 1));
            expect(state.scores[summary.seat]).toBe((before.scores[summary.seat] ?? 0) + summary.points);
          } else {
            expect(state.scores).toEqual(before.scores);
          }
          // Conservation: faces on the board plus the removed ones are the deal.
          expect([...state.board.filter((f) => f !== null), ...removed].sort()).toEqual(initial);
          expect(state.shufflesLeft.every((n) => n >= 0 && n <= 3)).toBe(true);
          moves++;
        }
        expect(state.finished).toBe(true);
        checkViews(state);
        const tilesLeft = state.board.filter((f) => f !== null).length;
        expect(state.endReason).toBe(tilesLeft === 0 ? "cleared" : "blocked");
        expect(state.scores.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(10 * ((LAYOUTS[level].length - tilesLeft) / 2));
        const outcome = mahjong.outcome(state);
        expect(outcome.winners.length).toBeGreaterThan(0);
        expect(outcome.winners.every((s) => outcome.ranks[s] === 1)).toBe(true);
      }),
      { numRuns: 40 },
    );
  }, SLOW_MS);

  it("accept every move legalMoves lists, and list none for the other seat", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.constantFrom(...LEVELS), fc.integer({ min: 0, max: 150 }), (seed, level, length) => {
        let state = mahjong.setup({ level }, 2, seed);
        const rng = new Rng(seedRng(`${seed}/legal`));
        for (let i = 0; i < length && !state.finished; i++) {
          const move = randomMove(state, rng);
          if (move === undefined) break;
          const next = mahjong.apply(state, state.turn, move);
          if (!next.ok) throw new Error(next.error);
          state = next.state;
        }
        if (state.finished) return;
        const moves = mahjong.legalMoves(state, state.turn);
        expect(moves.length).toBeGreaterThan(0);
        for (const move of moves) expect(mahjong.apply(state, state.turn, move).ok, JSON.stringify(move)).toBe(true);
        expect(mahjong.legalMoves(state, 1 - state.turn)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  }, SLOW_MS);
});
