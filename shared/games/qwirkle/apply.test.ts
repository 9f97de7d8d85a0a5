import { describe, expect, it } from "vitest";
import { qwirkle } from "./game";
import { cells, makeState, tiles } from "./testkit";
import { tileKey, tileOf } from "./tiles";
import type { QwirkleMove, QwirkleState } from "./types";

const place = (text: string): QwirkleMove => ({ type: "place", placements: cells(text) });
const exchange = (text: string): QwirkleMove => ({ type: "exchange", tiles: tiles(text) });
const PASS: QwirkleMove = { type: "pass" };

function accepted(state: QwirkleState, seat: number, move: QwirkleMove) {
  const result = qwirkle.apply(state, seat, move);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result;
}

describe("setup", () => {
  it.each([
    { mode: "normal", seats: 2, bag: 96 },
    { mode: "normal", seats: 4, bag: 84 },
    { mode: "quick", seats: 4, bag: 12 },
  ] as const)("$mode with $seats seats deals 6 each and leaves $bag", ({ mode, seats, bag }) => {
    const state = qwirkle.setup({ mode, board: "12x26" }, seats, "seed");
    expect(state.hands.map((h) => h.length)).toEqual(Array(seats).fill(6));
    expect(state.bag).toHaveLength(bag);
    expect(state).toMatchObject({ turn: 0, moveCount: 0, finished: false, board: [], scores: Array(seats).fill(0) });
  });

  it("is deterministic in the seed", () => {
    const options = { mode: "normal", board: "open" } as const;
    expect(qwirkle.setup(options, 3, "abc")).toEqual(qwirkle.setup(options, 3, "abc"));
    expect(qwirkle.setup(options, 3, "abc").hands).not.toEqual(qwirkle.setup(options, 3, "abd").hands);
  });

  it("deals one shared, frozen object per kind of tile: a room does not keep 108 of its own", () => {
    const state = qwirkle.setup({ mode: "normal", board: "open" }, 4, "seed");
    const dealt = [...state.bag, ...state.hands.flat()];
    expect(dealt).toHaveLength(108);
    expect(new Set(dealt).size).toBe(36);
    for (const tile of dealt) expect(tile).toBe(tileOf(tile.shape, tile.color));
    expect(dealt.every((tile) => Object.isFrozen(tile))).toBe(true);
  });

  it("refuses seat counts outside 2..4", () => {
    expect(() => qwirkle.setup({ mode: "normal", board: "open" }, 1, "s")).toThrow(RangeError);
    expect(() => qwirkle.setup({ mode: "normal", board: "open" }, 5, "s")).toThrow(RangeError);
  });
});

describe("apply: turns", () => {
  const start = makeState({ hands: ["C1 R1 E1 L1 T1 X1", "C2 C3 C4 C5 C0 R2", "X0 X2 X3 X4 X5 T0"], bag: "L5 L4 L3 L2 L0 E0 E2 E3" });

  it("lets seat 0 start, then passes the turn round", () => {
    expect(qwirkle.apply(start, 1, place("ffC2"))).toEqual({ ok: false, error: "NOT_YOUR_TURN" });
    const one = accepted(start, 0, place("ffC1 fgR1"));
    expect(one.state.turn).toBe(1);
    expect(qwirkle.currentSeats(one.state)).toEqual([1]);
    const two = accepted(one.state, 1, place("efC2"));
    const three = accepted(two.state, 2, exchange("X0"));
    expect(three.state.turn).toBe(0);
    expect(three.state.moveCount).toBe(3);
  });

  it("refuses every move once the game is over", () => {
    const over = { ...start, finished: true, endReason: "blocked" as const };
    expect(qwirkle.apply(over, 0, place("ffC1"))).toEqual({ ok: false, error: "GAME_OVER" });
    expect(qwirkle.currentSeats(over)).toEqual([]);
    expect(qwirkle.legalMoves(over, 0)).toEqual([]);
  });

  it("leaves the input state untouched", () => {
    const copy = structuredClone(start);
    accepted(start, 0, place("ffC1 fgR1"));
    qwirkle.apply(start, 0, place("ffC2"));
    expect(start).toEqual(copy);
  });
});

describe("apply: placing", () => {
  it("scores, records a public summary and refills the hand from the end of the bag", () => {
    const state = makeState({ hands: ["C1 R1 E1 L1 T1 X1", "C2"], bag: "X5 X4 X3" });
    const { state: next, summary } = accepted(state, 0, place("ffC1 fgR1"));
    expect(summary).toEqual({ type: "place", seat: 0, placements: cells("ffC1 fgR1"), points: 2, qwirkles: 0, endBonus: 0 });
    expect(next.lastMove).toEqual(summary);
    expect(next.scores).toEqual([2, 0]);
    expect(next.hands[0]).toEqual(tiles("E1 L1 T1 X1 X3 X4"));
    expect(next.bag).toEqual(tiles("X5"));
    expect(next.board).toEqual(cells("ffC1 fgR1"));
  });

  it("refills only as far as the bag allows", () => {
    const state = makeState({ hands: ["C1 R1 E1", "C2"], bag: "X5" });
    const { state: next } = accepted(state, 0, place("ffC1 fgR1"));
    expect(next.hands[0]).toHaveLength(2);
    expect(next.bag).toEqual([]);
  });

  it("counts copies in hand: two red squares need two", () => {
    const one = makeState({ hands: ["C1 R2", "C2"], bag: "X5" });
    expect(qwirkle.apply(one, 0, place("aaC1 abC1"))).toEqual({ ok: false, error: "TILE_NOT_IN_HAND" });
    const two = makeState({ hands: ["C1 C1", "C2"], bag: "X5" });
    expect(qwirkle.apply(two, 0, place("aaC1 abC1"))).toEqual({ ok: false, error: "DUPLICATE_IN_LINE" });
    expect(qwirkle.apply(one, 0, place("aaX3"))).toEqual({ ok: false, error: "TILE_NOT_IN_HAND" });
  });

  it("refuses an empty or oversized placement", () => {
    const state = makeState({ hands: ["C1 C2 C3 C4 C5 C0", "C2"] });
    expect(qwirkle.apply(state, 0, { type: "place", placements: [] })).toEqual({ ok: false, error: "EMPTY_MOVE" });
    const seven = { type: "place" as const, placements: cells("aaC1 abC2 acC3 adC4 aeC5 afC0 agC1") };
    expect(qwirkle.apply(state, 0, seven)).toEqual({ ok: false, error: "TOO_MANY_TILES" });
  });

  it("passes on the rule errors of scorePlacement", () => {
    const state = makeState({ board: "ffC1", hands: ["C2 R2", "C3"], bag: "X5" });
    expect(qwirkle.apply(state, 0, place("aaC2"))).toEqual({ ok: false, error: "NOT_CONNECTED" });
    expect(qwirkle.apply(state, 0, place("fgR2"))).toEqual({ ok: false, error: "LINE_MIXED" });
  });

  it("keeps tiles on the 12x26 board", () => {
    const state = makeState({ hands: ["C1 R1", "C2"], bag: "X5" });
    for (const cell of [{ row: 12, col: 0 }, { row: 0, col: 26 }, { row: -1, col: 3 }, { row: 3, col: -1 }]) {
      const move: QwirkleMove = { type: "place", placements: [{ ...cell, shape: "C", color: 1 }] };
      expect(qwirkle.apply(state, 0, move)).toEqual({ ok: false, error: "OUT_OF_BOARD" });
    }
    expect(accepted(state, 0, place("laC1 lbR1")).summary).toMatchObject({ points: 2 });
    expect(accepted(state, 0, place("lzC1 lyR1")).summary).toMatchObject({ points: 2 }); // bottom-right corner
  });

  it("lets the open board grow in every direction", () => {
    const state = makeState({ hands: ["C1 R1", "C2"], bag: "X5", options: { board: "open" } });
    const move: QwirkleMove = {
      type: "place",
      placements: [
        { row: -40, col: -3, shape: "C", color: 1 },
        { row: -40, col: -2, shape: "R", color: 1 },
      ],
    };
    expect(accepted(state, 0, move).state.board).toEqual(move.placements);
    const far: QwirkleMove = { type: "place", placements: [{ row: 500, col: 900, shape: "C", color: 1 }] };
    expect(accepted(state, 0, far).summary).toMatchObject({ points: 1 });
  });
});

describe("apply: exchanging", () => {
  const state = makeState({ hands: ["C1 C1 R1 E1 L1 T1", "C2"], bag: "X0 X2 X3 X4 X5" });

  it("swaps tiles with the bag and reveals only how many", () => {
    const { state: next, summary } = accepted(state, 0, exchange("C1 C1 R1"));
    expect(summary).toEqual({ type: "exchange", seat: 0, count: 3 });
    // Drawn before the returned tiles go back: the new tiles are the bag's last three.
    expect(next.hands[0]).toEqual(tiles("E1 L1 T1 X5 X4 X3"));
    expect(next.bag.map(tileKey).sort()).toEqual(["C1", "C1", "R1", "X0", "X2"]);
    expect(next.rng).not.toEqual(state.rng);
    expect(next.turn).toBe(1);
    expect(next.scores).toEqual([0, 0]);
  });

  it("puts the shared tiles back in the bag, not the objects the move came with", () => {
    const given = tiles("C1 R1");
    const { state: next } = accepted(state, 0, { type: "exchange", tiles: given });
    const returned = next.bag.filter((tile) => tile.color === 1);
    expect(returned.map(tileKey).sort()).toEqual(["C1", "R1"]);
    for (const tile of returned) expect(tile).toBe(tileOf(tile.shape, tile.color));
    expect(next.bag.some((tile) => given.includes(tile))).toBe(false);
  });

  it("needs the tiles in hand, counting copies", () => {
    expect(qwirkle.apply(state, 0, exchange("X1"))).toEqual({ ok: false, error: "TILE_NOT_IN_HAND" });
    expect(qwirkle.apply(state, 0, exchange("R1 R1"))).toEqual({ ok: false, error: "TILE_NOT_IN_HAND" });
    expect(qwirkle.apply(state, 0, { type: "exchange", tiles: [] })).toEqual({ ok: false, error: "EMPTY_MOVE" });
  });

  it("needs at least as many tiles in the bag", () => {
    expect(qwirkle.apply(state, 0, exchange("C1 C1 R1 E1 L1 T1"))).toEqual({ ok: false, error: "BAG_TOO_SMALL" });
    expect(accepted(state, 0, exchange("C1 C1 R1 E1 L1")).summary).toMatchObject({ count: 5 });
  });
});

describe("apply: passing and the end", () => {
  it("refuses a pass while the bag has tiles or a tile can be placed", () => {
    const bagLeft = makeState({ board: "aaC1", hands: ["X3", "C2"], bag: "X5" });
    expect(qwirkle.apply(bagLeft, 0, PASS)).toEqual({ ok: false, error: "CANNOT_PASS" });
    const canPlay = makeState({ board: "aaC1", hands: ["C2 X3", "C3"] });
    expect(qwirkle.apply(canPlay, 0, PASS)).toEqual({ ok: false, error: "CANNOT_PASS" });
  });

  it("accepts a pass from a stuck player while another can still play", () => {
    const state = makeState({ board: "aaC1", hands: ["X3", "C2 R4"] });
    expect(qwirkle.legalMoves(state, 0)).toEqual([PASS]);
    const { state: next, summary } = accepted(state, 0, PASS);
    expect(summary).toEqual({ type: "pass", seat: 0 });
    expect(next).toMatchObject({ turn: 1, finished: false });
  });

  it("ends when a hand is emptied with the bag empty: +6", () => {
    const state = makeState({ board: "aaC1", hands: ["C2", "R4 X3"], scores: [10, 12] });
    const { state: next, summary } = accepted(state, 0, place("abC2"));
    expect(summary).toMatchObject({ points: 2, endBonus: 6 });
    expect(next).toMatchObject({ finished: true, endReason: "hand-emptied", scores: [18, 12] });
    expect(qwirkle.outcome(next)).toEqual({ finished: true, scores: [18, 12], winners: [0], ranks: [1, 2] });
    expect(qwirkle.currentSeats(next)).toEqual([]);
  });

  it("does not end or give the bonus while the bag still has tiles", () => {
    const state = makeState({ board: "aaC1", hands: ["C2", "C4"], bag: "X3" });
    const { state: next, summary } = accepted(state, 0, place("abC2"));
    expect(summary).toMatchObject({ endBonus: 0 });
    expect(next.finished).toBe(false);
  });

  it("ends as blocked with tiles left in the bag when none of them fits either (exchanges would go round for ever)", () => {
    // After abC2 (the mover draws the bag's last five) no tile in a hand or in the bag shares a
    // shape or a colour with the two squares.
    const state = makeState({ board: "aaC1", hands: ["C2 R5", "X3"], bag: "X0 X4 R4 L3 T0 L0", scores: [3, 5] });
    const { state: next } = accepted(state, 0, place("abC2"));
    expect(next).toMatchObject({ finished: true, endReason: "blocked", scores: [5, 5] });
    expect(next.bag).toHaveLength(1);
  });

  it("goes on when no hand can place but a tile in the bag would fit: an exchange may draw it", () => {
    // The mover draws X4 R4 L3 T0 L0, which fit nowhere; C3 stays in the bag and would fit.
    const state = makeState({ board: "aaC1", hands: ["C2 R5", "X3"], bag: "C3 X4 R4 L3 T0 L0" });
    const { state: next } = accepted(state, 0, place("abC2"));
    expect(next.finished).toBe(false);
    expect(qwirkle.legalMoves(next, 1).some((move) => move.type === "exchange")).toBe(true);
  });

  it("ends without bonus when the bag is empty and nobody can place", () => {
    // After abC2 nothing fits next to the two squares: R5 and X3 match neither shape nor colour.
    const state = makeState({ board: "aaC1", hands: ["C2 R5", "X3"], scores: [3, 5] });
    const { state: next, summary } = accepted(state, 0, place("abC2"));
    expect(summary).toMatchObject({ endBonus: 0 });
    expect(next).toMatchObject({ finished: true, endReason: "blocked", scores: [5, 5] });
    expect(qwirkle.outcome(next)).toEqual({ finished: true, scores: [5, 5], winners: [0, 1], ranks: [1, 1] });
  });

  it("ranks ties together and names no winner before the end", () => {
    const state = makeState({ hands: ["C1", "C2", "C3"], scores: [4, 9, 4] });
    expect(qwirkle.outcome(state)).toEqual({ finished: false, scores: [4, 9, 4], winners: [], ranks: [2, 1, 2] });
  });
});

describe("legalMoves", () => {
  it("is empty for a seat whose turn it is not", () => {
    const state = makeState({ hands: ["C1", "C2"], bag: "X5" });
    expect(qwirkle.legalMoves(state, 1)).toEqual([]);
  });

  it("lists placements, the whole-hand exchange and each distinct single exchange", () => {
    const state = makeState({ board: "aaC1", hands: ["C2 C2 X3", "C5"], bag: "X5 X4 X0" });
    const moves = qwirkle.legalMoves(state, 0);
    const exchanges = moves.filter((m) => m.type === "exchange");
    expect(exchanges).toEqual([exchange("C2 C2 X3"), exchange("C2"), exchange("X3")]);
    expect(moves.filter((m) => m.type === "place")).toHaveLength(2); // C2 at ab or ba (row and column -1 are off the board)
    expect(moves.some((m) => m.type === "pass")).toBe(false);
  });
});
