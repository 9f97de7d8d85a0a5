import { describe, expect, it } from "vitest";
import { hiddenSides } from "./scrollCue";

describe("hiddenSides", () => {
  it.each([
    { box: { scrollLeft: 0, scrollWidth: 360, clientWidth: 360 }, expected: { start: false, end: false } }, // fits
    { box: { scrollLeft: 0, scrollWidth: 361, clientWidth: 360 }, expected: { start: false, end: false } }, // rounding
    { box: { scrollLeft: 0, scrollWidth: 520, clientWidth: 360 }, expected: { start: false, end: true } }, // at the start
    { box: { scrollLeft: 80, scrollWidth: 520, clientWidth: 360 }, expected: { start: true, end: true } }, // in the middle
    { box: { scrollLeft: 159.5, scrollWidth: 520, clientWidth: 360 }, expected: { start: true, end: false } }, // at the end
  ])("$box.scrollLeft of $box.scrollWidth in $box.clientWidth: $expected", ({ box, expected }) => {
    expect(hiddenSides(box)).toEqual(expected);
  });
});
