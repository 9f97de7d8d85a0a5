import { describe, expect, it } from "vitest";
import { colourOfSeat, playerColour, SEAT_COLOR_NAMES, SEAT_COLORS, seatColor, seatColours } from "./seatColors";
import { tableEn } from "../i18n/table.en";
import { tableFr } from "../i18n/table.fr";

describe("players' colours", () => {
  it("follow the server's colour index, not the seat: game 2 of a table draws Alice (seat 1 now) as in game 1", () => {
    const game1 = seatColours([{ colour: 0 }, { colour: 1 }]); // Alice, Bob
    const game2 = seatColours([{ colour: 1 }, { colour: 0 }]); // Bob, Alice: the seats rotated
    expect(game2[1]).toEqual(game1[0]);
    expect(game2[1]).toEqual({ index: 0, hex: "#0072b2", name: "blue" });
    expect(game2[0]?.name).toBe("orange");
  });

  it("name every colour in both languages, and grey without a seat", () => {
    expect(SEAT_COLOR_NAMES).toHaveLength(SEAT_COLORS.length);
    for (const dictionary of [tableEn, tableFr]) expect(Object.keys(dictionary.table.colors).sort()).toEqual([...SEAT_COLOR_NAMES].sort());
    expect(seatColor(null)).toBe("#6b6b6b");
    expect(seatColor(2)).toBe(SEAT_COLORS[2]);
  });

  it("wrap past the palette, and fall back to the seat number when a board gets no colours", () => {
    expect(playerColour(SEAT_COLORS.length + 1)).toMatchObject({ hex: SEAT_COLORS[1], name: SEAT_COLOR_NAMES[1] });
    expect(colourOfSeat([], 2)).toEqual(playerColour(2));
    expect(colourOfSeat(seatColours([{ colour: 5 }]), 0).index).toBe(5);
  });
});
