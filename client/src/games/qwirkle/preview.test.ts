import { describe, expect, it } from "vitest";
import { boundsFor, qwirkle, type QwirkleView } from "../../../../shared/games/qwirkle";
import { cells, makeState } from "../../../../shared/games/qwirkle/testkit";
import { previewOf } from "./preview";

describe("the move's preview", () => {
  it("counts the end bonus when the move lays the hand's last tile with the bag empty, as the engine scores it", () => {
    const state = makeState({ board: "aaC1", hands: ["R1", "X5"], bag: "" });
    const view = qwirkle.view(state, 0) as QwirkleView;
    const move = cells("abR1");
    const preview = previewOf(view, 1, move, boundsFor("12x26"));
    expect(preview).toEqual({ kind: "legal", points: 8, qwirkles: 0, endBonus: 6 });
    const played = qwirkle.apply(state, 0, { type: "place", placements: move });
    expect(played.ok && played.state.scores[0]).toBe(8);
  });

  it("has no end bonus while the bag holds tiles, or with tiles left in the hand", () => {
    const withBag = makeState({ board: "aaC1", hands: ["R1", "X5"], bag: "T3" });
    expect(previewOf(qwirkle.view(withBag, 0) as QwirkleView, 1, cells("abR1"), boundsFor("12x26"))).toEqual({ kind: "legal", points: 2, qwirkles: 0, endBonus: 0 });
    const twoLeft = makeState({ board: "aaC1", hands: ["R1 T2", "X5"], bag: "" });
    expect(previewOf(qwirkle.view(twoLeft, 0) as QwirkleView, 2, cells("abR1"), boundsFor("12x26"))).toMatchObject({ points: 2, endBonus: 0 });
  });
});
