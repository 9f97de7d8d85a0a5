import { describe, expect, it } from "vitest";
import { applyMove } from "./apply";
import { memoarr } from "./game";
import { parseCell } from "./cells";
import { card, makeState, playAll, r } from "./testkit";
import type { MemoarrMove, MemoarrState } from "./types";

// Test layout: row A crabs, B penguins, C octopuses, D turtles, E walruses; columns r g p b y.
const expert = (seats = 2, turn = 0): MemoarrState => makeState({ seats, turn, options: { expertRules: true } });
const at = (cell: string): number => parseCell(cell) ?? -1;

function refuse(state: MemoarrState, seat: number, move: MemoarrMove): string {
  const result = applyMove(state, seat, move);
  return result.ok ? "accepted" : result.error;
}

function summary(state: MemoarrState, seat: number, move: MemoarrMove): unknown {
  const result = applyMove(state, seat, move);
  if (!result.ok) throw new Error(result.error);
  return result.summary;
}

describe("expert rules off", () => {
  it("animals do nothing", () => {
    const s = playAll(makeState({ seats: 2 }), [[0, r("A1")]]);
    expect(s.pending).toBeNull();
    expect(s.turn).toBe(1);
  });
});

describe("octopus", () => {
  it("at an edge swaps with one of its three neighbours, each card keeping its side", () => {
    const s = playAll(expert(), [[0, r("C1")]]);
    expect(s.pending).toEqual({ kind: "octopus", seat: 0, cell: at("C1") });
    expect(memoarr.legalMoves(s, 0).map((m) => m.type === "swap" && m.cell).sort()).toEqual(["B1", "C2", "D1"]);
    expect(refuse(s, 0, r("B1"))).toBe("POWER_PENDING");
    expect(refuse(s, 0, { type: "swap", cell: "A1" })).toBe("NOT_ADJACENT");
    expect(refuse(s, 1, { type: "swap", cell: "B1" })).toBe("NOT_YOUR_TURN");
    expect(summary(s, 0, { type: "swap", cell: "D1" })).toEqual({ type: "swap", seat: 0, round: 1, from: "C1", to: "D1" });
    const after = playAll(s, [[0, { type: "swap", cell: "D1" }]]);
    expect(after.grid[at("D1")]).toEqual(card("Or"));
    expect(after.grid[at("C1")]).toEqual(card("Tr"));
    expect(after.faceUp[at("D1")]).toBe(true);
    expect(after.faceUp[at("C1")]).toBe(false);
    expect(after.revealOrder).toEqual([at("D1")]);
    expect(after.turn).toBe(1);
    expect(after.lastCard).toEqual(card("Or")); // still the card to match
  });

  it("next to the centre never swaps with the empty centre", () => {
    const s = playAll(expert(), [[0, r("C2")]]);
    expect(memoarr.legalMoves(s, 0).map((m) => m.type === "swap" && m.cell).sort()).toEqual(["B2", "C1", "D2"]);
    expect(refuse(s, 0, { type: "swap", cell: "C3" })).toBe("BAD_CELL");
  });

  it("swaps with a face-up neighbour too, which keeps its place in the reveal order", () => {
    const s = playAll(expert(2), [
      [0, r("B2")], // Pg: first card, penguin does nothing
      [1, r("C2")], // Og follows Pg: octopus
      [1, { type: "swap", cell: "B2" }],
    ]);
    expect(s.grid[at("B2")]).toEqual(card("Og"));
    expect(s.grid[at("C2")]).toEqual(card("Pg"));
    expect(s.faceUp[at("B2")] && s.faceUp[at("C2")]).toBe(true);
    expect(s.revealOrder).toEqual([at("C2"), at("B2")]);
  });
});

describe("penguin", () => {
  it("does nothing as the round's first card", () => {
    const s = playAll(expert(), [[0, r("B1")]]);
    expect(s.pending).toBeNull();
    expect(s.turn).toBe(1);
  });

  it("may turn another face-up card face down, or do nothing", () => {
    const s = playAll(expert(), [
      [0, r("A1")], // crab: must reveal again
      [0, r("B1")], // Pr follows Cr: penguin
    ]);
    expect(s.pending?.kind).toBe("penguin");
    expect(memoarr.legalMoves(s, 0)).toEqual([{ type: "hide", cell: "A1" }, { type: "skip" }]);
    expect(refuse(s, 0, { type: "hide", cell: "B1" })).toBe("CANNOT_HIDE_ITSELF");
    expect(refuse(s, 0, { type: "hide", cell: "B2" })).toBe("NOT_FACE_UP");
    expect(refuse(s, 0, { type: "forbid", cell: "B2" })).toBe("NO_POWER_PENDING");
    expect(summary(s, 0, { type: "hide", cell: "A1" })).toEqual({ type: "hide", seat: 0, round: 1, cell: "A1", card: card("Cr") });
    const hidden = playAll(s, [[0, { type: "hide", cell: "A1" }]]);
    expect(hidden.faceUp[at("A1")]).toBe(false);
    expect(hidden.revealOrder).toEqual([at("B1")]);
    expect(hidden.turn).toBe(1);
    const skipped = playAll(s, [[0, { type: "skip" }]]);
    expect(skipped.faceUp[at("A1")]).toBe(true);
    expect(skipped.turn).toBe(1);
  });
});

describe("walrus", () => {
  it("names a face-down card the next player may not choose, for that turn only", () => {
    const s = playAll(expert(3), [[0, r("E1")]]);
    expect(s.pending?.kind).toBe("walrus");
    expect(refuse(s, 0, { type: "forbid", cell: "E1" })).toBe("NOT_FACE_DOWN");
    const banned = playAll(s, [[0, { type: "forbid", cell: "E2" }]]);
    expect(memoarr.view(banned, 1).forbidden).toBe("E2");
    expect(refuse(banned, 1, r("E2"))).toBe("CARD_FORBIDDEN");
    expect(memoarr.legalMoves(banned, 1).some((m) => m.type === "reveal" && m.cell === "E2")).toBe(false);
    const next = playAll(banned, [[1, r("D1")]]); // Tr follows Wr; turtle skips seat 2
    expect(next.forbidden).toBeNull();
    expect(next.turn).toBe(0);
    expect(refuse(next, 0, r("E2"))).toBe("accepted");
  });

  it("does nothing when it is the last face-down card (the round ends) or leaves only one", () => {
    const base = expert(3);
    const last = { ...base, faceUp: base.grid.map((c, i) => c !== null && i !== at("E5")), lastCard: card("Wb"), revealOrder: [at("E4")] };
    expect(summary(last, 0, r("E5"))).toMatchObject({ power: null, roundEnd: { winner: 0, reason: "last-card" } });
    const two = { ...last, faceUp: last.faceUp.map((up, i) => up && i !== at("A1")) };
    const after = playAll(two, [[0, r("E5")]]);
    expect(after.pending).toBeNull();
    expect(after.turn).toBe(1);
  });

  it("bans a card through the next player's crab chain, unless it is the only one left", () => {
    const base = expert(2);
    const down = [at("A2"), at("A3"), at("B3")];
    const s: MemoarrState = { ...base, faceUp: base.grid.map((c, i) => c !== null && !down.includes(i)), lastCard: card("Cr"), revealOrder: [at("A1")], turn: 1, forbidden: at("B3") };
    const crab = playAll(s, [[1, r("A2")]]); // Cg follows Cr: crab, reveal again
    expect(crab.pending?.kind).toBe("crab");
    expect(refuse(crab, 1, r("B3"))).toBe("CARD_FORBIDDEN");
    const chain = playAll(crab, [[1, r("A3")]]); // Cp follows Cg: another crab, one card left
    expect(chain.pending?.kind).toBe("crab");
    expect(refuse(chain, 1, r("B3"))).toBe("accepted"); // the ban cannot leave a player without a move
  });
});

describe("crab", () => {
  it("makes its player reveal again, chaining, and other powers still act", () => {
    const s = playAll(expert(2), [[0, r("A1")]]);
    expect(s.pending).toEqual({ kind: "crab", seat: 0, cell: at("A1") });
    expect(memoarr.currentSeats(s)).toEqual([0]);
    expect(refuse(s, 1, r("A2"))).toBe("NOT_YOUR_TURN");
    expect(refuse(s, 0, { type: "swap", cell: "A2" })).toBe("NO_POWER_PENDING");
    const chain = playAll(s, [[0, r("A2")]]); // Cg follows Cr: again
    expect(chain.pending?.kind).toBe("crab");
    const penguin = playAll(chain, [[0, r("B2")]]); // Pg follows Cg: the penguin acts
    expect(penguin.pending?.kind).toBe("penguin");
  });

  it("eliminates its player when the extra card does not match", () => {
    const s = playAll(expert(3), [
      [0, r("A1")],
      [0, r("B2")], // Pg does not follow Cr
    ]);
    expect(s.active).toEqual([false, true, true]);
    expect(s.pending).toBeNull();
    expect(s.turn).toBe(1);
  });
});

describe("turtle", () => {
  it("with two players, the next player skips and the turtle's player goes again", () => {
    const result = applyMove(expert(2), 0, r("D1"));
    expect(result.ok && result.summary).toMatchObject({ power: "turtle", skipped: 1 });
    const s = playAll(expert(2), [[0, r("D1")]]);
    expect(s.turn).toBe(0);
  });

  it("with three players, skips only the next active one", () => {
    const s = playAll(expert(3), [[0, r("D1")]]);
    expect(s.turn).toBe(2);
  });
});

describe("powers need a valid reveal", () => {
  it("a mismatching octopus does not act", () => {
    const s = playAll(expert(3), [
      [0, r("B1")],
      [1, r("C2")], // Og does not follow Pr
    ]);
    expect(s.pending).toBeNull();
    expect(s.active).toEqual([true, false, true]);
    expect(s.turn).toBe(2);
  });
});
