import { describe, expect, it } from "vitest";
import { overflows } from "./focusWhenScrolls";

describe("overflows", () => {
  it.each([
    { box: { scrollWidth: 390, clientWidth: 390, scrollHeight: 60, clientHeight: 60 }, expected: false },
    { box: { scrollWidth: 391, clientWidth: 390, scrollHeight: 60, clientHeight: 60 }, expected: false }, // rounding
    { box: { scrollWidth: 500, clientWidth: 390, scrollHeight: 60, clientHeight: 60 }, expected: true }, // sideways
    { box: { scrollWidth: 390, clientWidth: 390, scrollHeight: 400, clientHeight: 256 }, expected: true }, // downwards
  ])("$box.scrollWidth×$box.scrollHeight in $box.clientWidth×$box.clientHeight: $expected", ({ box, expected }) => {
    expect(overflows(box)).toBe(expected);
  });
});
