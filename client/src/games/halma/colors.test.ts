import { describe, expect, it } from "vitest";
import { playerColour } from "../../room/seatColors";
import { colourStyle, shadesOf } from "./colors";

describe("Halma's shades of a player's colour", () => {
  it("lighten towards white and darken towards black from the player's colour", () => {
    expect(shadesOf("#0072b2")).toEqual({ base: "#0072b2", light: "#73b1d5", dark: "#003f62", campLight: "#cce3f0", campDark: "#80b9d9" });
  });

  it("give the piece and camp variables of the player's colour, whatever their seat", () => {
    expect(colourStyle(playerColour(1))).toBe("--seat:#d55e00;--seat-light:#e8a673;--seat-dark:#753400;--camp-light:#f7dfcc;--camp-dark:#eaaf80");
  });
});
