import { describe, expect, it } from "vitest";
import { tiles } from "../testkit";
import { tileKey, tileOf } from "../tiles";
import { tilesOutsideBestGroup } from "./exchange";

describe("tilesOutsideBestGroup", () => {
  it("offers second copies first, then the tiles outside the best group", () => {
    // Best group: the red line C1 R1 E1 (colours come before shapes); C1's copy goes first.
    expect(tilesOutsideBestGroup(tiles("C1 R1 C1 E1 X3 L4")).map(tileKey)).toEqual(["C1", "X3", "L4"]);
  });

  it("tells copies apart by their place in the hand, not by identity: two copies may be one shared object", () => {
    const red = tileOf("C", 1);
    const hand = [red, tileOf("R", 1), red, tileOf("E", 1), tileOf("X", 3), tileOf("L", 4)];
    expect(tilesOutsideBestGroup(hand).map(tileKey)).toEqual(["C1", "X3", "L4"]);
  });
});
