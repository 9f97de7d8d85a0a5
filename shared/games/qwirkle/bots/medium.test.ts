import { describe, expect, it } from "vitest";
import { boundsFor } from "../board";
import { enumeratePlacements } from "../enumerate";
import { scorePlacement } from "../score";
import { cells, makeState, moveKey } from "../testkit";
import { decideAt } from "./fixtures";
import { medium } from "./medium";

describe("medium (greedy)", () => {
  it.each([
    // Row f starts on the board's left edge, so the star only fits on its right: 3 points.
    { board: "faC1 fbR1", hand: "E1 C2 X4 X4 L5 T3", best: "fcE1", points: 3, why: "extends the longer line" },
    { board: "faC1 fbR1 fcE1 fdL1 feT1", hand: "X1 C3 C4 L5 T3 E2", best: "ffX1", points: 12, why: "takes the Qwirkle" },
    // Fig. B of the seed: three squares down from the red line score 3 + 4 (the red square joins it).
    { board: "fjR1 fkE1 flL1", hand: "C1 C2 C3 X5 X5 X5", best: null, points: 7, why: "scores two lines at once" },
  ])("$why: $points points", ({ board, hand, best, points }) => {
    const state = makeState({ board, hands: [hand, "C5"], bag: "X0 X1 X2" });
    const move = decideAt(medium, state, "seed");
    expect(move.type).toBe("place");
    if (move.type !== "place") return;
    if (best !== null) expect(moveKey(move.placements)).toBe(moveKey(cells(best)));
    expect(scorePlacement(state.board, move.placements)).toMatchObject({ ok: true, points });
  });

  it("plays a move worth the most of all legal placements", () => {
    const state = makeState({ board: "fjC1 fkR1 flE1 gjC2 hjC3", hands: ["L1 T1 C4 R2 X3 E3", "C5"], bag: "X0" });
    const all = enumeratePlacements(state.board, state.hands[0] ?? [], boundsFor(state.options.board));
    const most = Math.max(...all.map((p) => { const s = scorePlacement(state.board, p); return s.ok ? s.points : 0; }));
    const move = decideAt(medium, state, "seed");
    expect(move.type === "place" ? scorePlacement(state.board, move.placements) : null).toMatchObject({ ok: true, points: most });
  });

  it("exchanges its duplicates and stray tiles when nothing fits, and passes once the bag is empty", () => {
    // Nothing in hand shares a colour or a shape with the lone yellow clover.
    const stuck = { board: "fjT3", hands: ["C1 C1 R1 E1 X5 L0", "C5"] };
    expect(decideAt(medium, makeState({ ...stuck, bag: "X0 X1 X2 X3" }), "s")).toEqual({
      type: "exchange",
      tiles: [{ shape: "C", color: 1 }, { shape: "X", color: 5 }, { shape: "L", color: 0 }],
    });
    expect(decideAt(medium, makeState({ ...stuck, bag: "X0" }), "s")).toEqual({ type: "exchange", tiles: [{ shape: "C", color: 1 }] });
    expect(decideAt(medium, makeState({ ...stuck, bag: "" }), "s")).toEqual({ type: "pass" });
  });
});
