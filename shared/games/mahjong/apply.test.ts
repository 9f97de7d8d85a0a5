import { describe, expect, it } from "vitest";
import { tilesOf } from "./board";
import { mahjong } from "./game";
import { solve } from "./solver";
import { makeState } from "./testkit";
import type { MahjongMove, MahjongState } from "./types";

// Easy layout place ids: base rows y=0: 0–5, y=2: 6–11, y=4: 12–17, y=6: 18–23 (x = 0, 2 … 10);
// top rows (half a tile down) y=1: 24–27, y=3: 28–31, y=5: 32–35 (x = 2 … 8).

/** Twelve free tiles (every other column), six pairs. */
const SPREAD = {
  0: "egg", 2: "egg", 4: "dates", 6: "dates", 8: "harira", 10: "harira",
  12: "tajine", 14: "tajine", 16: "fez", 18: "fez", 20: "drum", 22: "drum",
} as const;

function play(state: MahjongState, ...moves: MahjongMove[]): MahjongState {
  for (const move of moves) {
    const result = mahjong.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)}: ${result.error}`);
    state = result.state;
  }
  return state;
}
const sel = (tile: number): MahjongMove => ({ type: "select", tile });

describe("pairs and scoring", () => {
  it("scores 10, 20, 40 within a turn, then starts again at 10 after endTurn", () => {
    let state = play(makeState("easy", SPREAD), sel(0), sel(2));
    expect(state.scores).toEqual([10, 0]);
    expect(state.lastMove).toMatchObject({ type: "select", result: "pair", removed: [0, 2], points: 10, family: "egg" });
    state = play(state, sel(4), sel(6), sel(8), sel(10));
    expect(state.scores).toEqual([70, 0]);
    expect(state.pairsThisTurn).toBe(3);
    state = play(state, { type: "endTurn" });
    expect(state).toMatchObject({ turn: 1, turnNumber: 2, pairsThisTurn: 0, selected: null });
    state = play(state, sel(12), sel(14), sel(16), sel(18));
    expect(state.scores).toEqual([70, 30]);
  });

  it("starts again at 10 after a timeout", () => {
    let state = play(makeState("easy", SPREAD), sel(0), sel(2), sel(4), sel(6));
    expect(state.scores).toEqual([30, 0]);
    const timedOut = mahjong.onTimeout?.(state, "turn:1");
    if (!timedOut?.ok) throw new Error("timeout refused");
    expect(timedOut.summary).toMatchObject({ type: "timeout", seat: 0, turnNumber: 1, passed: [] });
    state = play(timedOut.state, sel(8), sel(10));
    expect(state.scores).toEqual([30, 10]);
  });

  it("a non-matching second tile becomes the first selection, with no penalty", () => {
    let state = play(makeState("easy", SPREAD), sel(0), sel(4));
    expect(state).toMatchObject({ selected: 4, scores: [0, 0], pairsThisTurn: 0, turn: 0 });
    expect(state.lastMove).toMatchObject({ result: "first", tile: 4, family: "dates", points: 0, removed: null });
    state = play(state, sel(6));
    expect(state.scores).toEqual([10, 0]);
    expect(state.board[0]).toBe("egg");
  });

  it("selecting the selected tile again cancels the selection", () => {
    const state = play(makeState("easy", SPREAD), sel(0), sel(0));
    expect(state.selected).toBeNull();
    expect(state.lastMove).toMatchObject({ result: "deselect" });
  });

  it.each([
    ["a tile with neighbours on both sides", { 0: "egg", 1: "egg", 2: "dates", 4: "dates" }, 1, "TILE_NOT_FREE"],
    ["a tile under the top layer", { 7: "egg", 24: "dates", 0: "dates", 5: "egg" }, 7, "TILE_NOT_FREE"],
    ["an empty place", SPREAD, 1, "NO_SUCH_TILE"],
    ["a place off the layout", SPREAD, 99, "NO_SUCH_TILE"],
  ] as const)("refuses %s", (_name, faces, tile, error) => {
    const state = makeState("easy", faces);
    expect(mahjong.apply(state, 0, sel(tile))).toEqual({ ok: false, error });
  });

  it("refuses a move out of turn and after the end", () => {
    const state = makeState("easy", SPREAD);
    expect(mahjong.apply(state, 1, sel(0))).toEqual({ ok: false, error: "NOT_YOUR_TURN" });
    expect(mahjong.apply({ ...state, finished: true }, 0, sel(0))).toEqual({ ok: false, error: "GAME_OVER" });
  });

  it("never modifies its input", () => {
    const state = makeState("easy", SPREAD);
    const copy = structuredClone(state);
    play(state, sel(0), sel(2), { type: "shuffle" }, { type: "endTurn" });
    expect(state).toEqual(copy);
  });
});

describe("shuffles", () => {
  it("three per player: the fourth is refused; the turn, counter and score carry on", () => {
    let state = play(makeState("easy", SPREAD), sel(0), sel(2), sel(4));
    state = play(state, { type: "shuffle" });
    expect(state).toMatchObject({ turn: 0, pairsThisTurn: 1, selected: null, shufflesLeft: [2, 3], scores: [10, 0] });
    expect(state.lastMove).toMatchObject({ type: "shuffle", kind: "random", solvable: null });
    state = play(state, { type: "shuffle" }, { type: "shuffle" });
    expect(state.shufflesLeft).toEqual([0, 3]);
    expect(mahjong.apply(state, 0, { type: "shuffle" })).toEqual({ ok: false, error: "NO_SHUFFLE_LEFT" });
    expect(mahjong.legalMoves(state, 0)).not.toContainEqual({ type: "shuffle" });
  });

  it("keeps the occupied places and the faces", () => {
    const state = makeState("easy", SPREAD);
    const after = play(state, { type: "shuffle" });
    expect(after.board.map((f) => f === null)).toEqual(state.board.map((f) => f === null));
    expect(after.board.slice().sort()).toEqual(state.board.slice().sort());
  });

  it.each(["medium", "hard"] as const)("Bonshuffle on %s leaves a solvable board", (level) => {
    let state = mahjong.setup({ level }, 2, `bonshuffle-${level}`);
    for (let i = 0; i < 3; i++) {
      state = play(state, { type: "shuffle" });
      expect(state.lastMove).toMatchObject({ type: "shuffle", kind: "bonshuffle", solvable: true });
      expect(solve(tilesOf(level, state.board))).not.toBeNull();
    }
  });
});

describe("the end of the game and stuck players", () => {
  it("ends when the board is emptied; the higher score wins", () => {
    const state = play(makeState("easy", { 0: "egg", 2: "egg" }, { scores: [0, 30] }), sel(0), sel(2));
    expect(state).toMatchObject({ finished: true, endReason: "cleared" });
    expect(mahjong.outcome(state)).toEqual({ finished: true, scores: [10, 30], winners: [1], ranks: [2, 1] });
    expect(mahjong.currentSeats(state)).toEqual([]);
    expect(mahjong.legalMoves(state, 0)).toEqual([]);
    expect(mahjong.timer?.(state)).toBeNull();
  });

  it("a tie shares the win", () => {
    const state = play(makeState("easy", { 0: "egg", 2: "egg" }, { scores: [0, 10] }), sel(0), sel(2));
    expect(mahjong.outcome(state)).toMatchObject({ winners: [0, 1], ranks: [1, 1] });
  });

  it("ends when fewer than two tiles are free, shuffles or not: a shuffle never moves the places", () => {
    // 6 dates, 7 harira (between 6 and 8, and under 24), 8 dates, 24 harira on the top layer.
    const faces = { 0: "egg", 2: "egg", 6: "dates", 7: "harira", 8: "dates", 24: "harira" } as const;
    let state = play(makeState("easy", faces), sel(0), sel(2));
    expect(state.finished).toBe(false); // dates 6 and 8 are free
    state = play(state, sel(6), sel(8));
    expect(state).toMatchObject({ finished: true, endReason: "blocked", shufflesLeft: [3, 3] }); // 7 lies under 24
  });

  it("stuck with shuffles left: only the shuffle is legal", () => {
    // Two single tiles left, both free, of different families: no pair, two free places.
    const state = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "harira" }), sel(0), sel(2));
    expect(state).toMatchObject({ turn: 0, finished: false });
    expect(mahjong.view(state, 0).stuck).toBe(true);
    expect(mahjong.legalMoves(state, 0)).toEqual([{ type: "shuffle" }]);
    expect(mahjong.apply(state, 0, { type: "endTurn" })).toEqual({ ok: false, error: "MUST_SHUFFLE" });
    expect(mahjong.apply(state, 0, sel(4))).toEqual({ ok: false, error: "MUST_SHUFFLE" });
  });

  it("stuck without a shuffle: the turn passes automatically to a player who has one", () => {
    const state = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "harira" }, { shufflesLeft: [0, 2] }), sel(0), sel(2));
    expect(state).toMatchObject({ turn: 1, turnNumber: 2, pairsThisTurn: 0, finished: false });
    expect(state.lastMove).toMatchObject({ passed: [0], endReason: null });
    expect(mahjong.legalMoves(state, 1)).toEqual([{ type: "shuffle" }]);
  });

  it("ends when neither player can move (no free pair, no shuffle left)", () => {
    const state = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "harira" }, { shufflesLeft: [0, 0] }), sel(0), sel(2));
    expect(state).toMatchObject({ finished: true, endReason: "blocked" });
    expect(state.lastMove).toMatchObject({ endReason: "blocked" });
  });

  it("a stuck player who shuffles the last shuffle away ends the game when the other has none either", () => {
    let state = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "harira" }, { shufflesLeft: [1, 0] }), sel(0), sel(2));
    expect(state.turn).toBe(0);
    state = play(state, { type: "shuffle" }); // one dates and one harira: still no pair
    expect(state).toMatchObject({ finished: true, endReason: "blocked", shufflesLeft: [0, 0] });
  });
});

describe("the turn timer", () => {
  it.each([
    ["easy", 15_000],
    ["medium", 20_000],
    ["hard", 25_000],
  ] as const)("%s turns last %i ms, keyed by the turn number", (level, durationMs) => {
    const state = mahjong.setup({ level }, 2, "timer");
    expect(mahjong.timer?.(state)).toEqual({ key: "turn:1", durationMs });
    const next = play(state, { type: "endTurn" });
    expect(mahjong.timer?.(next)).toEqual({ key: "turn:2", durationMs });
  });

  it("refuses a stale key and changes nothing", () => {
    const state = play(makeState("easy", SPREAD), { type: "endTurn" });
    expect(mahjong.onTimeout?.(state, "turn:1")).toEqual({ ok: false, error: "STALE_TIMER" });
    expect(mahjong.onTimeout?.({ ...state, finished: true }, "turn:2")).toEqual({ ok: false, error: "GAME_OVER" });
  });

  it("passes the turn of a stuck player; if the other cannot move either, it comes back", () => {
    const stuck = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 8: "harira" }, { shufflesLeft: [2, 0] }), sel(0), sel(2));
    const result = mahjong.onTimeout?.(stuck, "turn:1");
    if (!result?.ok) throw new Error("timeout refused");
    expect(result.state).toMatchObject({ turn: 0, turnNumber: 3, finished: false });
    expect(result.summary).toMatchObject({ type: "timeout", seat: 0, passed: [1] });
  });
});
