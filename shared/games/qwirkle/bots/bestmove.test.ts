import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { qwirkle } from "../game";
import { makeState } from "../testkit";
import { BOARDS, MODES, type QwirkleState } from "../types";
import { bestMove } from "./bestmove";
import { candidatesOf } from "./candidates";
import { randomState } from "./fixtures";
import { knowledgeOf, tileCode, tileOf } from "./knowledge";
import { SimBoard } from "./simboard";

const SLOW_MS = 120_000;

/** The engine's view of the same question: the most points of any legal placement (end bonus included). */
function engineBest(state: QwirkleState): number | null {
  const k = knowledgeOf({ view: qwirkle.view(state, state.turn), seat: state.turn, history: [], random: () => 0 });
  const points = candidatesOf(k).map((c) => c.points);
  return points.length === 0 ? null : Math.max(...points);
}

function fastBest(state: QwirkleState) {
  const sim = SimBoard.of(state.board, state.options.board === "open" ? null : { rows: 12, cols: 26 });
  const best = bestMove(sim, (state.hands[state.turn] ?? []).map(tileCode), state.bag.length === 0);
  const placements = best?.cells.map((cell, i) => ({ ...sim.cellAt(cell), ...tileOf(best.codes[i] ?? 0) }));
  return { best, placements };
}

describe("bestMove (the lookahead's fast greedy search)", () => {
  it("finds the Qwirkle and the end bonus", () => {
    const qwirkleState = makeState({ board: "faC1 fbR1 fcE1 fdL1 feT1", hands: ["X1 C3", "C5"], bag: "X0" });
    expect(fastBest(qwirkleState).best?.points).toBe(12);
    const last = makeState({ board: "faC1 fbR1", hands: ["E1 L1", "C5"] });
    // L1 E1 on the row above C1 R1: three lines of two (beats the line of four, 4), plus the end bonus.
    expect(fastBest(last).best?.points).toBe(2 + 2 + 2 + 6);
  });

  it("agrees with enumeratePlacements + scorePlacement, and its move is legal", () => {
    fc.assert(
      fc.property(
        fc.record({
          seed: fc.string({ maxLength: 10 }),
          seats: fc.integer({ min: 2, max: 4 }),
          mode: fc.constantFrom(...MODES),
          board: fc.constantFrom(...BOARDS),
          moves: fc.integer({ min: 1, max: 60 }),
        }),
        ({ seed, seats, mode, board, moves }) => {
          const state = randomState(seed, seats, { mode, board }, moves);
          if (state.finished || state.board.length === 0) return;
          const { best, placements } = fastBest(state);
          expect(best?.points ?? null).toBe(engineBest(state));
          if (placements === undefined || best === null) return;
          const result = qwirkle.apply(state, state.turn, { type: "place", placements });
          expect(result.ok).toBe(true);
          if (result.ok) expect(result.state.scores[state.turn]).toBe((state.scores[state.turn] ?? 0) + best.points);
        },
      ),
      { numRuns: 60 },
    );
  }, SLOW_MS);
});
