import { describe, expect, it } from "vitest";
import { scrollTopShowing } from "./shownInItsBox";

describe("scrollTopShowing", () => {
  it.each([
    { why: "already whole", scrollTop: 0, height: 64, top: 10, bottom: 50, expected: 0 },
    { why: "below: the least move", scrollTop: 0, height: 64, top: 60, bottom: 110, expected: 46 },
    { why: "above: its top", scrollTop: 80, height: 64, top: 20, bottom: 60, expected: 20 },
    { why: "taller than the box: its top", scrollTop: 0, height: 64, top: 30, bottom: 130, expected: 30 },
  ])("$why", ({ scrollTop, height, top, bottom, expected }) => {
    expect(scrollTopShowing(scrollTop, height, top, bottom)).toBe(expected);
  });
});
