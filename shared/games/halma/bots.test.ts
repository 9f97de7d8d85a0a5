import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Rng, seedRng } from "../../engine/rng";
import type { PublicMoveSummary } from "../../engine/types";
import { boardOf } from "./bots/board";
import { positionsAfterOwnMoves } from "./bots/history";
import { campCells, goalCells } from "./camps";
import { halma } from "./game";
import { makeState, randomPosition } from "./testkit";
import { SEAT_COUNTS, type HalmaMove, type HalmaState } from "./types";

const SLOW_MS = 60_000;

function decide(botId: string, state: HalmaState, history: readonly PublicMoveSummary[] = [], seed = "r"): HalmaMove {
  const bot = halma.bots.find((b) => b.id === botId);
  if (bot === undefined) throw new Error(botId);
  const rng = new Rng(seedRng(seed));
  return bot.decide({ view: halma.view(state, state.turn), seat: state.turn, history, random: () => rng.next() });
}

const reverse = (move: HalmaMove): HalmaMove => ({ path: move.path.slice().reverse() });

describe("bots", () => {
  it("are listed weakest first with names", () => {
    expect(halma.bots.map((b) => b.id)).toEqual(["easy", "medium", "hard"]);
    expect(halma.bots.every((b) => b.names.fr !== "" && b.names.en !== "")).toBe(true);
  });

  it("never play an illegal move", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), fc.constantFrom(...SEAT_COUNTS), fc.integer({ min: 0, max: 400 }), fc.constantFrom("easy", "medium", "hard"), (seed, players, length, bot) => {
        const state = randomPosition(seed, players, length);
        if (state.finished) return;
        const move = decide(bot, state, [], seed);
        const result = halma.apply(state, state.turn, move);
        expect(result.ok, `${bot}: ${JSON.stringify(move)}`).toBe(true);
      }),
      { numRuns: 45 },
    );
  }, SLOW_MS);

  it("decide the same way from the same input (reproducible with the seeded random)", () => {
    const state = randomPosition("same", 4, 40);
    for (const bot of ["easy", "medium", "hard"]) expect(decide(bot, state, [], "a")).toEqual(decide(bot, state, [], "a"));
  });

  it.each(["medium", "hard"])("%s takes a win by the anti-blocking rule", (bot) => {
    // Seat 1 left three pieces in seat 0's goal; seat 0 wins by filling the one free cell (o12).
    const goal = goalCells(2, 0);
    const blockers = goal.slice(0, 3);
    const hole = { row: 4, col: 14 };
    const mine = goal.filter((c) => !blockers.includes(c) && !(c.row === hole.row && c.col === hole.col));
    const seat0 = [...mine, { row: 5, col: 13 }, { row: 9, col: 3 }, { row: 10, col: 2 }, { row: 11, col: 5 }];
    const seat1 = [...blockers, ...campCells(2, 0).slice(3)];
    const state = makeState({ players: 2, pieces: [seat0, seat1] });
    const result = halma.apply(state, 0, decide(bot, state));
    expect(result.ok && result.state.winners).toEqual([0]);
  });

  it("hard decides within its budget", () => {
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      const state = randomPosition(`t${i}`, i % 2 === 0 ? 2 : 4, 20 * i);
      if (state.finished) continue;
      const started = performance.now();
      decide("hard", state);
      times.push(performance.now() - started);
    }
    // 300 ms is the budget on this machine; keep slack for a loaded CI runner.
    expect(Math.max(...times)).toBeLessThan(900);
  });

  it("a bot-vs-bot game ends", () => {
    let state = halma.setup({}, 2, "g");
    const history: PublicMoveSummary[] = [];
    const seats = ["medium", "easy"];
    while (!state.finished) {
      const result = halma.apply(state, state.turn, decide(seats[state.turn] ?? "easy", state, history, `g${history.length}`));
      if (!result.ok) throw new Error(result.error);
      state = result.state;
      history.push(result.summary);
    }
    expect(state.endReason).toBe("win");
  }, SLOW_MS);
});

describe("repetition", () => {
  it.each(["easy", "medium", "hard"])("%s does not make the same position a third time", (bot) => {
    const start = halma.setup({}, 2, "loop");
    const preferred = decide(bot, start);
    const history: PublicMoveSummary[] = [];
    let state = start;
    const other: HalmaMove = { path: [{ row: 0, col: 11 }, { row: 1, col: 10 }] }; // l16-k15 and back
    for (let i = 0; i < 2; i++) {
      for (const [seat, move] of [[0, preferred], [1, other], [0, reverse(preferred)], [1, reverse(other)]] as const) {
        const result = halma.apply(state, seat, move);
        if (!result.ok) throw new Error(result.error);
        state = result.state;
        history.push(result.summary);
      }
    }
    expect(state.pieces).toEqual(start.pieces);
    const counts = positionsAfterOwnMoves(boardOf(halma.view(state, 0)), history, 0);
    expect([...counts.values()]).toEqual([2, 2]); // after `preferred`, and after its reverse
    const repeated = halma.apply(start, 0, preferred);
    if (!repeated.ok) throw new Error(repeated.error);
    for (const seed of ["a", "b", "c", "d"]) {
      const result = halma.apply(state, 0, decide(bot, state, history, seed));
      expect(result.ok && result.state.pieces).not.toEqual(repeated.state.pieces);
    }
  });
});
