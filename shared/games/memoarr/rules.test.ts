import { describe, expect, it } from "vitest";
import { applyMove, onTimeout } from "./apply";
import { memoarr } from "./game";
import { CARD_CELLS, parseCell } from "./cells";
import { fullDeck, cardKey } from "./cards";
import { card, makeState, playAll, r } from "./testkit";
import type { MemoarrMoveSummary, MemoarrState } from "./types";

// In the test layout a card matches exactly the cards of its row (animal) and column (background).

/** A state where every card is face up except `down`, the last revealed card being `last`. */
function nearlyDone(state: MemoarrState, down: string[], last: string): MemoarrState {
  const downCells = down.map((c) => parseCell(c));
  const lastCell = parseCell(last) ?? -1;
  return {
    ...state,
    faceUp: state.grid.map((c, i) => c !== null && !downCells.includes(i)),
    revealOrder: [...CARD_CELLS.filter((c) => !downCells.includes(c) && c !== lastCell), lastCell],
    lastCard: state.grid[lastCell] ?? null,
  };
}

function summaryOf(state: MemoarrState, seat: number, cell: string): Extract<MemoarrMoveSummary, { type: "reveal" }> {
  const result = applyMove(state, seat, r(cell));
  if (!result.ok || result.summary.type !== "reveal") throw new Error(`reveal refused: ${result.ok ? "" : result.error}`);
  return result.summary as Extract<MemoarrMoveSummary, { type: "reveal" }>;
}

describe("setup", () => {
  it("lays out 24 distinct cards around the centre and sets one aside, deterministically", () => {
    const a = memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 5 }, 3, "seed");
    const b = memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 5 }, 3, "seed");
    expect(a).toEqual(b);
    const keys = [...a.grid.flatMap((c) => (c === null ? [] : [cardKey(c)])), cardKey(a.unused)].sort();
    expect(keys).toEqual(fullDeck().map(cardKey).sort());
    expect(a.grid[12]).toBeNull();
    expect([...a.rewards].sort()).toEqual([1, 1, 1, 2, 2, 3, 4]);
    expect(a.phase).toBe("peek");
    expect(memoarr.currentSeats(a)).toEqual([0, 1, 2]);
  });

  it("needs 2 to 4 seats", () => {
    expect(() => memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 5 }, 1, "x")).toThrow(RangeError);
    expect(() => memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 5 }, 5, "x")).toThrow(RangeError);
  });
});

describe("the peek", () => {
  const fresh = memoarr.setup({ expertRules: false, expertDisplay: false, peekSeconds: 7 }, 2, "peek");

  it("runs a countdown of peekSeconds, and nobody reveals meanwhile", () => {
    expect(memoarr.timer?.(fresh)).toEqual({ key: "peek:1", durationMs: 7000 });
    expect(applyMove(fresh, 0, r("A1"))).toEqual({ ok: false, error: "PEEK_IN_PROGRESS" });
  });

  it("ends when every seat is ready; the starter reveals", () => {
    const one = playAll(fresh, [[1, { type: "ready" }]]);
    expect(memoarr.currentSeats(one)).toEqual([0]);
    expect(applyMove(one, 1, { type: "ready" })).toEqual({ ok: false, error: "ALREADY_READY" });
    const result = applyMove(one, 0, { type: "ready" });
    expect(result.ok && result.summary).toEqual({ type: "ready", seat: 0, round: 1, peekEnded: true });
    const play = playAll(one, [[0, { type: "ready" }]]);
    expect(play.phase).toBe("play");
    expect(memoarr.currentSeats(play)).toEqual([0]);
    expect(memoarr.timer?.(play)).toBeNull();
    expect(applyMove(play, 0, { type: "ready" })).toEqual({ ok: false, error: "NOT_PEEKING" });
  });

  it("ends when the countdown runs out, and ignores stale countdowns", () => {
    const result = onTimeout(fresh, "peek:1");
    expect(result.ok && result.state.phase).toBe("play");
    expect(result.ok && result.summary).toEqual({ type: "peekEnd", round: 1 });
    expect(onTimeout(fresh, "peek:2")).toEqual({ ok: false, error: "STALE_TIMER" });
    if (result.ok) expect(onTimeout(result.state, "peek:1")).toEqual({ ok: false, error: "STALE_TIMER" });
  });
});

describe("matching and elimination", () => {
  it("takes any first card, then a card sharing the background or the animal", () => {
    const s = makeState({ seats: 3 });
    const first = summaryOf(s, 0, "A1");
    expect(first).toMatchObject({ card: card("Cr"), match: null, eliminated: false });
    const after = playAll(s, [[0, r("A1")]]);
    expect(summaryOf(after, 1, "B1")).toMatchObject({ card: card("Pr"), match: true, eliminated: false }); // same background
    expect(summaryOf(after, 1, "A5")).toMatchObject({ card: card("Cy"), match: true, eliminated: false }); // same animal
    expect(summaryOf(after, 1, "B2")).toMatchObject({ card: card("Pg"), match: false, eliminated: true });
  });

  it("eliminates on a mismatch, leaves the card face up, and the next player must match that card", () => {
    const s = playAll(makeState({ seats: 3 }), [
      [0, r("A1")],
      [1, r("B2")], // Pg after Cr: out
    ]);
    expect(s.active).toEqual([true, false, true]);
    expect(s.faceUp[parseCell("B2") ?? -1]).toBe(true);
    expect(s.turn).toBe(2);
    expect(summaryOf(s, 2, "B3")).toMatchObject({ match: true }); // Pp follows Pg
    expect(summaryOf(s, 2, "A3")).toMatchObject({ match: false }); // Cp does not follow Pg, though it follows Cr
    const next = playAll(s, [[2, r("B3")]]);
    expect(next.turn).toBe(0); // seat 1 is skipped: eliminated
  });

  it("refuses face-up cards, the centre, other seats' turns and moves after the end", () => {
    const s = playAll(makeState({ seats: 2 }), [[0, r("A1")]]);
    expect(applyMove(s, 1, r("A1"))).toEqual({ ok: false, error: "CARD_FACE_UP" });
    expect(applyMove(s, 1, r("C3"))).toEqual({ ok: false, error: "BAD_CELL" });
    expect(applyMove(s, 0, r("A2"))).toEqual({ ok: false, error: "NOT_YOUR_TURN" });
    expect(applyMove({ ...s, phase: "over" }, 1, r("A2"))).toEqual({ ok: false, error: "GAME_OVER" });
    expect(applyMove(s, 1, { type: "skip" })).toEqual({ ok: false, error: "NO_POWER_PENDING" });
  });
});

describe("the end of a round", () => {
  it("goes to the last active player, who takes the top rubies card; the first one out starts next", () => {
    const s = makeState({ seats: 3, rewards: [1, 1, 1, 2, 2, 3, 4] });
    const a = playAll(s, [
      [0, r("A1")],
      [1, r("B2")], // seat 1 out first
      [2, r("A2")], // Cg after Pg: match
      [0, r("D4")], // Tb after Cg: seat 0 out
    ]);
    expect(a.round).toBe(2);
    expect(a.won).toEqual([[], [], [4]]);
    expect(a.roundWinners).toEqual([2]);
    expect(a.rewards).toEqual([1, 1, 1, 2, 2, 3]);
    expect(a.phase).toBe("peek");
    expect(a.faceUp.every((up) => !up)).toBe(true);
    expect(a.active).toEqual([true, true, true]);
    expect(a.starter).toBe(1);
    expect(a.grid).toEqual(s.grid); // cards stay in place
    const ended = playAll(a, [[0, { type: "ready" }], [1, { type: "ready" }], [2, { type: "ready" }]]);
    expect(ended.turn).toBe(1);
  });

  it("records the winner publicly in the summary, never the value", () => {
    const s = playAll(makeState({ seats: 2 }), [[0, r("A1")]]);
    const summary = summaryOf(s, 1, "B2");
    expect(summary.roundEnd).toEqual({ round: 1, winner: 0, reason: "last-player" });
    expect(JSON.stringify(summary)).not.toMatch(/reward|rub/u);
  });

  it("ends when the last face-down card is turned: its player takes the reward", () => {
    const s = nearlyDone(makeState({ seats: 3, turn: 1 }), ["E5"], "E4"); // Wb face up last
    const summary = summaryOf(s, 1, "E5"); // Wy follows Wb
    expect(summary.roundEnd).toEqual({ round: 1, winner: 1, reason: "last-card" });
  });

  it("gives a last card that eliminates its player to the nearest active seat before them", () => {
    const s = nearlyDone(makeState({ seats: 3, turn: 1 }), ["E5"], "A1"); // Wy does not follow Cr
    expect(summaryOf(s, 1, "E5").roundEnd).toEqual({ round: 1, winner: 0, reason: "last-card" });
    const s2 = nearlyDone(makeState({ seats: 3, turn: 0 }), ["E5"], "A1");
    expect(summaryOf(s2, 0, "E5").roundEnd).toEqual({ round: 1, winner: 2, reason: "last-card" });
  });

  it("lets the seat after the starter start when nobody was eliminated", () => {
    const s = nearlyDone(makeState({ seats: 3, turn: 1 }), ["E5"], "E4");
    const next = playAll(s, [[1, r("E5")]]);
    expect(next.firstEliminated).toBeNull();
    expect(next.starter).toBe(2); // this round's starter was seat 1 (makeState's turn)
  });

  it("ends the game after round 7 with every rubies card given once", () => {
    const s = playAll(makeState({ seats: 2, round: 7, rewards: [3] }), [[0, r("A1")]]);
    const before = { ...s, won: [[1, 1, 2, 4], [1, 2]] };
    const end = playAll(before, [[1, r("B2")]]);
    expect(end.phase).toBe("over");
    expect(end.rewards).toEqual([]);
    expect(end.won).toEqual([[1, 1, 2, 4, 3], [1, 2]]);
    expect(memoarr.currentSeats(end)).toEqual([]);
    expect(memoarr.outcome(end)).toEqual({ finished: true, scores: [11, 3], winners: [0], ranks: [1, 2] });
    expect(memoarr.legalMoves(end, 0)).toEqual([]);
  });

  it("keeps the scores secret in the public outcome until the end, and shares ties", () => {
    const s = { ...makeState({ seats: 3 }), won: [[4], [], [1]] };
    expect(memoarr.outcome(s)).toEqual({ finished: false, scores: [0, 0, 0], winners: [], ranks: [1, 1, 1] });
    const over: MemoarrState = { ...s, phase: "over", won: [[4, 1], [3, 2], [1, 1, 2, 1]] };
    expect(memoarr.outcome(over)).toEqual({ finished: true, scores: [5, 5, 5], winners: [0, 1, 2], ranks: [1, 1, 1] });
  });
});
