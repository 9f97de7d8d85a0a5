import { describe, expect, it } from "vitest";
import { translator } from "../historyTestKit";
import { tileName } from "./tileName";

describe("a Qwirkle tile's name", () => {
  it("agrees in French with the feminine shapes (étoile, croix), in English too", () => {
    const fr = translator("fr");
    const en = translator("en");
    expect(tileName(fr, "E", 2)).toBe("étoile bleue");
    expect(tileName(fr, "X", 4)).toBe("croix violette");
    expect(tileName(fr, "X", 5)).toBe("croix verte");
    expect(tileName(fr, "E", 1)).toBe("étoile rouge");
    expect(tileName(fr, "R", 2)).toBe("rond bleu");
    expect(tileName(fr, "C", 5)).toBe("carré vert");
    expect(tileName(en, "E", 2)).toBe("blue star");
  });
});
