import { describe, expect, it } from "vitest";
import { outcomeByScore, ranksBy, seatToMove } from "./outcome";

describe("outcomes shared by the games", () => {
  it.each([
    { scores: [3, 7, 7, 1], finished: true, winners: [1, 2], ranks: [3, 1, 1, 4] },
    { scores: [3, 7, 7, 1], finished: false, winners: [], ranks: [3, 1, 1, 4] },
    { scores: [-4, -2], finished: true, winners: [1], ranks: [2, 1] }, // WHIS totals go below zero
    { scores: [0, 0, 0], finished: true, winners: [0, 1, 2], ranks: [1, 1, 1] },
  ])("outcomeByScore($scores, finished $finished): winners $winners, ranks $ranks", ({ scores, finished, winners, ranks }) => {
    expect(outcomeByScore(scores, finished)).toEqual({ finished, scores, winners, ranks });
  });

  it("outcomeByScore keeps a copy of the scores, not the state's array", () => {
    const scores = [1, 2];
    const outcome = outcomeByScore(scores, false);
    scores[0] = 9;
    expect(outcome.scores).toEqual([1, 2]);
  });

  it("ranksBy: 1 + the seats ahead, whatever `ahead` compares", () => {
    const distances = [10, 4, 4, 12]; // lower is better
    expect(ranksBy(4, (a, b) => distances[a]! < distances[b]!)).toEqual([3, 1, 1, 4]);
  });

  it("seatToMove: the seat whose turn it is, nobody at the end", () => {
    expect(seatToMove({ finished: false, turn: 2 })).toEqual([2]);
    expect(seatToMove({ finished: true, turn: 2 })).toEqual([]);
  });
});
