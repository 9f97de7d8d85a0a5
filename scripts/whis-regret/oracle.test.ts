import { describe, expect, it } from "vitest";
import { makeState } from "../../shared/games/whis/testkit";
import { viewFor } from "../../shared/games/whis/view";
import { oracleValues, positionsOf, regretOf, type Position } from "./oracle";

function positionOf(state: ReturnType<typeof makeState>): Position {
  return { id: "test", state, input: { view: viewFor(state, state.turn), seat: state.turn, history: [] } };
}

describe("WHIS decision benchmark", () => {
  it("values the move that wins the game highest, and charges the others the difference", () => {
    // Last round, level scores, fire asked. Double then Simple Fire empties seat 0's hand at once and
    // wins the game; Simple Fire first lets seat 1 go out with its only card.
    const state = makeState({
      hands: ["special:fire simple:fire", "simple:fire", "simple:fire", "simple:fire"],
      asked: "fire",
      discard: "simple:fire",
      round: 5,
      scores: [0, 0, 0, 0],
    });
    const oracle = oracleValues(positionOf(state), 20);
    const double = { type: "play", card: { kind: "special", element: "fire" } } as const;
    const simple = { type: "play", card: { kind: "simple", element: "fire" } } as const;
    expect(oracle.values[oracle.moves.findIndex((m) => JSON.stringify(m) === JSON.stringify(double))]).toBeGreaterThanOrEqual(100);
    expect(regretOf(oracle, double)).toBe(0);
    expect(regretOf(oracle, simple)).toBeGreaterThanOrEqual(100);
    expect(oracleValues(positionOf(state), 20)).toEqual(oracle); // the same reshuffles every time
    expect(() => regretOf(oracle, { type: "keep" })).toThrow(/not legal/u);
  });

  it("collects only the hard seat's decisions that offer a choice", () => {
    const positions = positionsOf("t", 1);
    expect(positions.length).toBeGreaterThan(10);
    for (const p of positions) {
      expect(p.input.seat).toBe(1);
      expect(p.state.turn).toBe(1);
      expect(oracleValues(p, 1).moves.filter((m) => m.type !== "pass").length).toBeGreaterThan(1);
    }
  }, 60_000);
});
