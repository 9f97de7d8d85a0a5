import { describe, expect, it } from "vitest";
import { memoarr } from "./game";
import { card, makeState, playAll, r } from "./testkit";
import { endRound } from "./round";
import type { MemoarrState } from "./types";

const peeking = (seats: number): MemoarrState => ({ ...makeState({ seats }), phase: "peek", ready: Array.from({ length: seats }, () => false) });

describe("views", () => {
  it("show each seat only its own peek, and nobody any face-down card", () => {
    const s = peeking(4);
    const top = memoarr.view(s, 0);
    expect(top.peekOpen).toBe(true);
    expect(top.myPeek).toEqual([
      { cell: "A2", card: card("Cg") },
      { cell: "A3", card: card("Cp") },
      { cell: "A4", card: card("Cb") },
    ]);
    expect(memoarr.view(s, 2).myPeek?.map((p) => p.cell)).toEqual(["B1", "C1", "D1"]);
    expect(top.grid.every((c) => c.card === null)).toBe(true);
    expect(JSON.stringify(memoarr.view(s, 1))).not.toContain('"animal":"C","background":"g"');
    const spectator = memoarr.view(s, null);
    expect(spectator.myPeek).toBeNull();
    expect(spectator.peekOpen).toBe(false);
    expect(spectator.myRewards).toBeNull();
    expect(spectator.turn).toBeNull();
  });

  it("close the peek for a seat once it is ready, and hand bots their peek, following octopus swaps", () => {
    const ready = playAll(peeking(2), [[0, { type: "ready" }]]);
    expect(memoarr.view(ready, 0).peekOpen).toBe(false);
    expect(memoarr.view(ready, 0).myPeek).toBeNull(); // the window is closed: no face-down identity any more
    expect(JSON.stringify(memoarr.view(ready, 0))).not.toContain('"animal":"C","background":"g"');
    expect(memoarr.view(ready, 1).peekOpen).toBe(true);
    expect(memoarr.view(ready, 1).myPeek).toHaveLength(3);
    expect(memoarr.view(playAll(ready, [[1, { type: "ready" }]]), 1).myPeek).toBeNull();
    expect(memoarr.botMemory?.(ready, 0)).toEqual({
      peek: [
        { cell: "A2", card: card("Cg") },
        { cell: "A3", card: card("Cp") },
        { cell: "A4", card: card("Cb") },
      ],
      earlierPeeks: [], // the first round
    });
    expect(memoarr.botMemory?.(ready, 7)).toEqual({ peek: [], earlierPeeks: [] });
    // Seat 0 peeked A2–A4. An octopus on B3 swaps with A3: the peeked Cp now lies on B3... and the octopus on A3.
    const layout = `
      Cr Cg Cp Cb Cy
      Pr Pg Op Pb Py
      Or Og -- Ob Oy
      Tr Tg Tp Tb Ty
      Wr Wg Wp Wb Wy`;
    const s = playAll(makeState({ seats: 2, layout, unused: "Pp", options: { expertRules: true } }), [
      [0, r("B3")],
      [0, { type: "swap", cell: "A3" }],
    ]);
    const view = memoarr.view(s, 0);
    expect(view.myPeek).toBeNull();
    expect(memoarr.botMemory?.(s, 0)).toEqual({
      peek: [
        { cell: "A2", card: card("Cg") },
        { cell: "B3", card: card("Cp") },
        { cell: "A4", card: card("Cb") },
      ],
      earlierPeeks: [],
    });
    expect(view.revealed).toEqual([{ cell: "A3", card: card("Op") }]);
    expect(view.lastCard).toEqual({ cell: "A3", card: card("Op") });
  });

  it("hand a computer the peeks of the rounds before too (the cards stay where they were), and nobody else's", () => {
    const first = { ...peeking(2), phase: "play" as const };
    const second = endRound(first, 1, "last-player").state;
    expect(second.round).toBe(first.round + 1);
    expect(memoarr.botMemory?.(second, 0)).toMatchObject({
      earlierPeeks: [
        { cell: "A2", card: card("Cg") },
        { cell: "A3", card: card("Cp") },
        { cell: "A4", card: card("Cb") },
      ],
    });
    const seat1 = memoarr.botMemory?.(second, 1) as { earlierPeeks: { cell: string }[] };
    expect(seat1.earlierPeeks.map((p) => p.cell)).not.toContain("A2");
    expect(JSON.stringify(memoarr.view(second, 1))).not.toContain('"animal":"C","background":"g"'); // another seat's, never in its view
  });

  it("keep rubies secret until the end, then show every total, the whole grid and the unused card", () => {
    const s: MemoarrState = { ...makeState({ seats: 3 }), won: [[4], [], [1, 2]], roundWinners: [0, 2, 2] };
    const v = memoarr.view(s, 2);
    expect(v.myRewards).toEqual([1, 2]);
    expect(v.rubies).toBeNull();
    expect(v.unusedCard).toBeNull();
    expect(v.roundWinners).toEqual([0, 2, 2]);
    expect(JSON.stringify(v)).not.toMatch(/"(won|rewards|rng|unused|peeked)"/u);
    const over = memoarr.view({ ...s, phase: "over" }, 1);
    expect(over.rubies).toEqual([4, 0, 3]);
    expect(over.unusedCard).toEqual(card("Op"));
    expect(over.grid.filter((c) => c.card !== null)).toHaveLength(24);
    expect(over.finished).toBe(true);
  });

  it("list the revealed cards in reveal order for the expert display", () => {
    const s = playAll(makeState({ seats: 3 }), [
      [0, r("A1")],
      [1, r("D1")],
      [2, r("D3")],
    ]);
    expect(memoarr.view(s, null).revealed.map((p) => p.cell)).toEqual(["A1", "D1", "D3"]);
  });
});
