import { describe, expect, it } from "vitest";
import { scorePlacement } from "../score";
import { cells, makeState, moveKey, tiles } from "../testkit";
import { fullTileSet, removeTiles, tileKey } from "../tiles";
import type { QwirkleMove, QwirkleState } from "../types";
import { decideAt } from "./fixtures";
import { hard } from "./hard";
import { medium } from "./medium";

/** A two-player middle game: `board` and our `hand`, the other tiles dealt to the opponent and the bag. */
function middleGame(board: string, hand: string): QwirkleState {
  const rest = [...cells(board), ...tiles(hand)].reduce((left, tile) => removeTiles(left, [tile]) ?? left, fullTileSet("normal"));
  const keys = rest.map(tileKey);
  return makeState({ board, hands: [hand, keys.slice(0, 6).join(" ")], bag: keys.slice(6).join(" ") });
}

const placed = (move: QwirkleMove): string => (move.type === "place" ? moveKey(move.placements) : move.type);

describe("hard", () => {
  // Row f holds four reds (C R E L). T1 at either end makes a red line of five for 5 points, which
  // any opponent holding one of the three unseen red crosses (X1) turns into a Qwirkle. E2 under the
  // blue column C2 R2, beside the yellow star E3, also scores 5 (3 + 2) and opens nothing.
  const board = "fjC1 fkR1 flE1 fmL1 hqC2 iqR2 irR3 jrE3";
  const state = middleGame(board, "T1 E2 X5 X5 L4 L4");
  const safe = moveKey(cells("jqE2"));

  it("does not leave a line of five when an equally scoring move exists", () => {
    for (let i = 0; i < 12; i++) {
      const move = decideAt(hard, state, `seed ${i}`);
      expect(placed(move)).toBe(safe);
      if (move.type === "place") expect(scorePlacement(state.board, move.placements)).toMatchObject({ ok: true, points: 5 });
    }
  });

  it("where greedy play does not care", () => {
    const choices = new Set(Array.from({ length: 12 }, (_, i) => placed(decideAt(medium, state, `seed ${i}`))));
    expect(choices).toContain(moveKey(cells("fnT1")));
  });

  it("still takes a Qwirkle", () => {
    const qwirkle = middleGame("faC1 fbR1 fcE1 fdL1 feT1", "X1 C3 C4 L5 T3 E2");
    expect(placed(decideAt(hard, qwirkle, "seed"))).toBe(moveKey(cells("ffX1")));
  });

  it("passes only when stuck with the bag empty, and exchanges otherwise", () => {
    const stuck = { board: "fjT3", hands: ["C1 C1 R1 E1 X5 L0", "C5"] };
    expect(decideAt(hard, makeState({ ...stuck, bag: "" }), "s")).toEqual({ type: "pass" });
    const exchange = decideAt(hard, makeState({ ...stuck, bag: "X0 X1 X2 X3" }), "s");
    expect(exchange.type).toBe("exchange");
    if (exchange.type === "exchange") expect(exchange.tiles.length).toBeLessThanOrEqual(4);
  });
});
