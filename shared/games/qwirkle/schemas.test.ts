import { describe, expect, it } from "vitest";
import { qwirkle } from "./game";
import { moveSchema, optionsSchema } from "./schemas";
import { makeState } from "./testkit";

describe("optionsSchema", () => {
  it("fills in the seed's defaults", () => {
    expect(optionsSchema.parse({})).toEqual({ mode: "normal", board: "12x26" });
    expect(optionsSchema.parse({ mode: "quick", board: "open" })).toEqual({ mode: "quick", board: "open" });
  });

  it.each([{ mode: "fast" }, { board: "10x10" }, { mode: "normal", extra: 1 }])("refuses %j", (options) => {
    expect(optionsSchema.safeParse(options).success).toBe(false);
  });
});

describe("moveSchema", () => {
  const ok = [
    { type: "place", placements: [{ row: 4, col: 1, shape: "C", color: 1 }] },
    { type: "place", placements: [{ row: -10000, col: 10000, shape: "X", color: 0 }] },
    { type: "exchange", tiles: [{ shape: "L", color: 5 }] },
    { type: "pass" },
  ];
  it.each(ok)("accepts %j", (move) => {
    expect(moveSchema.parse(move)).toEqual(move);
  });

  const tile = { row: 0, col: 0, shape: "C", color: 1 };
  const bad = [
    { type: "place", placements: [] },
    { type: "place", placements: Array(7).fill(tile) },
    { type: "place", placements: [{ ...tile, row: 10001 }] },
    { type: "place", placements: [{ ...tile, row: 1.5 }] },
    { type: "place", placements: [{ ...tile, color: 6 }] },
    { type: "place", placements: [{ ...tile, color: "1" }] },
    { type: "place", placements: [{ ...tile, shape: "Q" }] },
    { type: "place", placements: [{ ...tile, extra: true }] },
    { type: "exchange", tiles: [] },
    { type: "exchange", tiles: Array(7).fill({ shape: "C", color: 1 }) },
    { type: "pass", extra: 1 },
    { type: "resign" },
    "pass",
  ];
  it.each(bad)("refuses %j", (move) => {
    expect(moveSchema.safeParse(move).success).toBe(false);
  });
});

describe("view", () => {
  const state = makeState({ board: "ffC1", hands: ["C2 R2", "X3", "T4 T5 T0"], bag: "L1 L2", scores: [1, 2, 3] });

  it("shows a seat its own hand and only the others' counts", () => {
    const view = qwirkle.view(state, 2);
    expect(view).toMatchObject({ seat: 2, hand: [{ shape: "T", color: 4 }, { shape: "T", color: 5 }, { shape: "T", color: 0 }] });
    expect(view).toMatchObject({ handCounts: [2, 1, 3], bagCount: 2, scores: [1, 2, 3], totalTiles: 108 });
    expect(JSON.stringify(view)).not.toContain('"X"');
  });

  it("shows spectators no hand", () => {
    expect(qwirkle.view(state, null)).toMatchObject({ seat: null, hand: null, handCounts: [2, 1, 3] });
    expect(qwirkle.view(state, 7)).toMatchObject({ seat: null, hand: null });
  });

  it("counts 36 tiles in quick mode", () => {
    expect(qwirkle.view(makeState({ hands: ["C1", "C2"], options: { mode: "quick" } }), 0).totalTiles).toBe(36);
  });
});

describe("the definition", () => {
  it("names the game, its seat range, its computer levels (weakest first) and the seed's demo", () => {
    expect(qwirkle).toMatchObject({ id: "qwirkle", names: { fr: "Qwirkle", en: "Qwirkle" }, minSeats: 2, maxSeats: 4 });
    expect(qwirkle.bots.map((bot) => bot.id)).toEqual(["easy", "medium", "hard"]);
    expect(qwirkle.demo).toEqual({ options: { mode: "quick", board: "12x26" }, bots: ["hard", "medium"] });
  });
});
