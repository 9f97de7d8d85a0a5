import { describe, expect, it } from "vitest";
import { gridOf } from "./board";
import { campCells, goalCells } from "./camps";
import { halma } from "./game";
import { parseMove } from "./notation";
import { closestSeats } from "./outcome";
import { hasWon, MAX_ROUNDS } from "./rules";
import { makeState, piecesFrom } from "./testkit";
import type { Cell, HalmaMove, HalmaState } from "./types";

const move = (text: string): HalmaMove => {
  const parsed = parseMove(text);
  if (!parsed.ok) throw new Error(`bad fixture ${text}`);
  return parsed.move;
};

const start2 = halma.setup({}, 2, "t");

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null) {
    Object.values(value).forEach(deepFreeze);
    Object.freeze(value);
  }
  return value;
}

describe("apply: legal moves", () => {
  it.each([
    ["e1-f1", "step"],
    ["c3-d4", "step"],
    ["c3-e3", "jump"],
    ["a3-c5", "jump"],
  ])("plays %s (%s) and passes the turn", (text, kind) => {
    const result = halma.apply(start2, 0, move(text));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary).toMatchObject({ type: "move", seat: 0, kind, notation: text, skipped: [] });
    expect(result.state.turn).toBe(1);
    expect(result.state.moveCount).toBe(1);
    expect(result.state.round).toBe(1);
    const [from, to] = [move(text).path[0], move(text).path.at(-1)];
    expect(result.state.pieces[0]).toContainEqual(to);
    expect(result.state.pieces[0]).not.toContainEqual(from);
  });

  it("never modifies its input", () => {
    const frozen = deepFreeze(structuredClone(start2));
    const result = halma.apply(frozen, 0, move("c3-e3"));
    expect(result.ok).toBe(true);
    expect(frozen).toEqual(start2);
  });

  it("starts a new round when the turn comes back to seat 0", () => {
    const first = halma.apply(start2, 0, move("e1-f1"));
    if (!first.ok) throw new Error(first.error);
    const second = halma.apply(first.state, 1, move("l16-k15"));
    if (!second.ok) throw new Error(second.error);
    expect(second.state.round).toBe(2);
    expect(second.state.turn).toBe(0);
  });
});

describe("apply: illegal moves", () => {
  const finished: HalmaState = { ...start2, finished: true, endReason: "win", winners: [1] };
  const cases: [string, HalmaState, number, HalmaMove][] = [
    ["GAME_OVER", finished, 0, move("e1-f1")],
    ["NOT_YOUR_TURN", start2, 1, move("l16-k15")],
    ["PATH_TOO_SHORT", start2, 0, { path: [{ row: 15, col: 4 }] }],
    ["OUT_OF_BOARD", start2, 0, { path: [{ row: 15, col: 4 }, { row: 16, col: 4 }] }],
    ["NO_PIECE", start2, 0, move("h8-h9")],
    ["NOT_YOUR_PIECE", start2, 0, move("l16-k15")],
    ["CELL_OCCUPIED", start2, 0, move("a1-b2")],
    ["NOT_A_STEP_OR_JUMP", start2, 0, move("e1-h1")],
    ["NOT_A_STEP_OR_JUMP", start2, 0, move("e2-f4")],
    ["NOTHING_TO_JUMP", start2, 0, move("e1-g1")],
    ["STEP_ENDS_MOVE", start2, 0, move("e2-f3-h3")],
    ["CELL_REVISITED", start2, 0, move("c3-e3-c3")],
  ];
  it.each(cases)("refuses with %s", (code, state, seat, m) => {
    expect(halma.apply(state, seat, m)).toEqual({ ok: false, error: code });
  });
});

describe("winning: Parlett's anti-blocking rule", () => {
  const goal = goalCells(2, 0); // seat 1's camp, top-right
  const hole = { row: 4, col: 14 }; // o12, on the camp's edge
  const blockers = goal.slice(0, 3); // seat 1 never moved these out of its camp
  const mine = goal.filter((c) => !blockers.some((b) => b.row === c.row && b.col === c.col) && !(c.row === hole.row && c.col === hole.col));
  const seat0 = [...mine, { row: 5, col: 14 }, { row: 15, col: 0 }, { row: 15, col: 1 }, { row: 14, col: 0 }];
  const seat1 = [...blockers, ...campCells(2, 0).slice(3)];

  it("the blocked seat still wins by filling the goal's last free cell", () => {
    expect(seat0).toHaveLength(19);
    expect(seat1).toHaveLength(19);
    const state = makeState({ players: 2, pieces: [seat0, seat1] });
    const result = halma.apply(state, 0, move("o11-o12"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state.finished).toBe(true);
    expect(result.state.endReason).toBe("win");
    const outcome = halma.outcome(result.state);
    expect(outcome).toMatchObject({ finished: true, winners: [0], ranks: [1, 2] });
    expect(halma.currentSeats(result.state)).toEqual([]);
    expect(halma.legalMoves(result.state, 1)).toEqual([]);
  });

  it("a goal full of opponent pieces only is no win", () => {
    expect(hasWon(2, gridOf(start2.pieces), 0)).toBe(false);
    expect(hasWon(2, gridOf(start2.pieces), 1)).toBe(false);
  });

  it("a goal with a free cell is no win, even with own pieces in it", () => {
    expect(hasWon(2, gridOf([seat0, seat1]), 0)).toBe(false);
  });

  it("in 4 players, another seat's move can complete a goal: the goal's seat wins", () => {
    // Seat 0's goal (top-right) holds one seat-0 piece and is full but for one cell that seat 3 fills.
    const goal0 = goalCells(4, 0);
    const [own, last, ...rest] = goal0 as [Cell, Cell, ...Cell[]];
    const pieces = [
      [own, { row: 15, col: 0 }],
      [...rest.slice(0, 6), { row: 0, col: 0 }],
      [...rest.slice(6)],
      [{ row: last.row + 1, col: last.col }, { row: 15, col: 15 }],
    ];
    const state = makeState({ players: 4, pieces, turn: 3 });
    const result = halma.apply(state, 3, { path: [{ row: last.row + 1, col: last.col }, last] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state).toMatchObject({ finished: true, endReason: "win", winners: [0] });
    // The winner is first whatever the distances; the others follow by total distance.
    const outcome = halma.outcome(result.state);
    expect(outcome.winners).toEqual([0]);
    expect(outcome.ranks[0]).toBe(1);
    const others = [1, 2, 3].sort((a, b) => (outcome.scores[b] ?? 0) - (outcome.scores[a] ?? 0));
    expect(others.map((s) => outcome.ranks[s])).toEqual([2, 3, 4]);
  });
});

describe("the 300-round rule", () => {
  it("ends the game when round 300 is over, ranking by total distance", () => {
    const state: HalmaState = { ...start2, round: MAX_ROUNDS, turn: 1 };
    const result = halma.apply(state, 1, move("l16-k15"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.state).toMatchObject({ finished: true, endReason: "round-limit", round: MAX_ROUNDS });
    // Seat 1 moved a piece forward, so it is closer to its goal and wins.
    expect(result.state.winners).toEqual([1]);
    expect(closestSeats(result.state)).toEqual([1]);
    const outcome = halma.outcome(result.state);
    expect(outcome.ranks).toEqual([2, 1]);
    expect(outcome.scores[1]).toBeGreaterThan(outcome.scores[0] ?? 0);
  });

  it("goes on during round 300 and ends in a shared win on equal distances", () => {
    const mid = halma.apply({ ...start2, round: MAX_ROUNDS }, 0, move("e1-f1"));
    if (!mid.ok) throw new Error(mid.error);
    expect(mid.state.finished).toBe(false);
    const end = halma.apply(mid.state, 1, move("l16-k16")); // a sideways step: both seats gained 1
    if (!end.ok) throw new Error(end.error);
    expect(end.state).toMatchObject({ finished: true, endReason: "round-limit", winners: [0, 1] });
    expect(halma.outcome(end.state).ranks).toEqual([1, 1]);
  });

  it("in 4 players, the round ends after seat 3", () => {
    const four = halma.setup({}, 4, "t");
    const result = halma.apply({ ...four, round: MAX_ROUNDS, turn: 3 }, 3, move("p4-p5"));
    expect(result.ok && result.state.endReason).toBe("round-limit");
  });
});

describe("a seat that cannot move", () => {
  it("is skipped, and the summary says so", () => {
    // Seat 1's only piece is walled into the top-right corner (no step, no jump).
    const pieces = piecesFrom(["", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "0"], 2);
    const wall = [{ row: 0, col: 14 }, { row: 1, col: 14 }, { row: 1, col: 15 }, { row: 0, col: 13 }, { row: 2, col: 13 }, { row: 2, col: 15 }];
    const state = makeState({ players: 2, pieces: [[...(pieces[0] ?? []), ...wall], [{ row: 0, col: 15 }]] });
    const result = halma.apply(state, 0, move("a1-a2"));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.summary).toMatchObject({ skipped: [1] });
    expect(result.state.turn).toBe(0);
    expect(result.state.round).toBe(2);
    expect(halma.currentSeats(result.state)).toEqual([0]);
  });
});
