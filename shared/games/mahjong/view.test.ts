import { describe, expect, it } from "vitest";
import { mahjong } from "./game";
import { moveSchema, optionsSchema } from "./schemas";
import { makeState } from "./testkit";
import type { MahjongMove, MahjongState } from "./types";

// Hard layout place ids: base 0–35 (6 × 6, rows y = 0, 2 … 10), middle 36–51 (4 × 4), top 52–55.
const HARD = { 0: "egg", 2: "egg", 4: "dates", 12: "dates", 14: "harira", 16: "harira" } as const;

function play(state: MahjongState, ...moves: MahjongMove[]): MahjongState {
  for (const move of moves) {
    const result = mahjong.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)}: ${result.error}`);
    state = result.state;
  }
  return state;
}
const sel = (tile: number): MahjongMove => ({ type: "select", tile });
const faces = (state: MahjongState, seat: number | null = 0): Record<number, string | null> =>
  Object.fromEntries(mahjong.view(state, seat).tiles.map((t) => [t.id, t.family]));

describe("hard level: hidden faces", () => {
  it("shows every face until the turn's first pair, then hides them all", () => {
    let state = makeState("hard", HARD);
    expect(faces(state)).toEqual({ 4: "dates", 12: "dates", 14: "harira", 16: "harira", 0: "egg", 2: "egg" });
    state = play(state, sel(0), sel(2));
    expect(state.facesHidden).toBe(true);
    for (const seat of [0, 1, null]) expect(faces(state, seat)).toEqual({ 4: null, 12: null, 14: null, 16: null });
  });

  it("shows a face-down tile only while it is selected, to everyone", () => {
    let state = play(makeState("hard", HARD), sel(0), sel(2), sel(4));
    for (const seat of [0, 1, null]) expect(faces(state, seat)).toEqual({ 4: "dates", 12: null, 14: null, 16: null });
    state = play(state, sel(14)); // no match: 14 is the new selection, 4 goes face down again
    expect(faces(state, 1)).toEqual({ 4: null, 12: null, 14: "harira", 16: null });
    expect(JSON.stringify(mahjong.view(state, 1).tiles)).not.toContain("dates");
    expect(state.lastMove).toMatchObject({ tile: 14, family: null }); // the log never keeps a face that goes back down
    expect(JSON.stringify(state.lastMove)).not.toContain("dates");
    expect(JSON.stringify(state.lastMove)).not.toContain("harira");
    state = play(state, sel(16));
    expect(state.scores).toEqual([30, 0]);
  });

  it("shows every face again at the next turn", () => {
    const state = play(makeState("hard", HARD), sel(0), sel(2), { type: "endTurn" });
    expect(state.facesHidden).toBe(false);
    expect(Object.values(faces(state))).not.toContain(null);
  });

  it("never hides faces on the easy and medium levels", () => {
    const state = play(makeState("medium", HARD), sel(0), sel(2));
    expect(state.facesHidden).toBe(false);
    expect(Object.values(faces(state))).not.toContain(null);
  });
});

describe("view", () => {
  const state = mahjong.setup({ level: "medium" }, 2, "view");

  it("draws the board: places, free flags, families, counters; no RNG", () => {
    const view = mahjong.view(state, 1);
    expect(view).toMatchObject({ seat: 1, size: { width: 12, height: 12, layers: 2 }, totalTiles: 56, turnMs: 20_000 });
    expect(view).toMatchObject({ scores: [0, 0], shufflesLeft: [3, 3], turn: 0, turnNumber: 1, pairsThisTurn: 0, nextPairPoints: 10 });
    expect(view.tiles).toHaveLength(56);
    // Free at the start: both ends of every row, on both layers (the top spans x = 2…9 only).
    const ends = [0, 5, 6, 11, 12, 17, 18, 23, 24, 29, 30, 35, 36, 39, 40, 43, 44, 47, 48, 51, 52, 55];
    expect(view.tiles.filter((t) => t.free).map((t) => t.id)).toEqual(ends);
    expect(JSON.stringify(view)).not.toMatch(/"rng"|"board"/u);
  });

  it("gives spectators and unknown seats no seat", () => {
    expect(mahjong.view(state, null).seat).toBeNull();
    expect(mahjong.view(state, 5).seat).toBeNull();
  });

  it("counts the next pair's value", () => {
    const after = play(makeState("easy", { 0: "egg", 2: "egg", 4: "dates", 6: "dates", 8: "fez", 10: "fez" }), sel(0), sel(2), sel(4), sel(6));
    expect(mahjong.view(after, 0)).toMatchObject({ pairsThisTurn: 2, nextPairPoints: 40 });
  });
});

describe("schemas", () => {
  it("defaults to the easy level and refuses others", () => {
    expect(optionsSchema.parse({})).toEqual({ level: "easy" });
    expect(optionsSchema.parse({ level: "hard" })).toEqual({ level: "hard" });
    for (const bad of [{ level: "expert" }, { level: "easy", extra: 1 }]) expect(optionsSchema.safeParse(bad).success).toBe(false);
  });

  it.each([{ type: "select", tile: 0 }, { type: "select", tile: 55 }, { type: "shuffle" }, { type: "endTurn" }])("accepts %j", (move) => {
    expect(moveSchema.parse(move)).toEqual(move);
  });

  it.each([{ type: "select", tile: 56 }, { type: "select", tile: -1 }, { type: "select", tile: 1.5 }, { type: "select" }, { type: "shuffle", n: 1 }, { type: "pass" }, "endTurn"])(
    "refuses %j",
    (move) => {
      expect(moveSchema.safeParse(move).success).toBe(false);
    },
  );
});

describe("the definition", () => {
  it("names the game, two seats, three bots weakest first and a timer", () => {
    expect(mahjong).toMatchObject({ id: "mahjong", names: { fr: "Mahjong++", en: "Mahjong++" }, minSeats: 2, maxSeats: 2 });
    expect(mahjong.bots.map((b) => b.id)).toEqual(["easy", "medium", "hard"]);
    expect(() => mahjong.setup({ level: "easy" }, 3, "x")).toThrow(RangeError);
  });
});
