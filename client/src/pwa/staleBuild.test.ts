import { describe, expect, it } from "vitest";
import { shouldReload } from "./staleBuild";

describe("shouldReload", () => {
  const now = 1_700_000_000_000;
  it.each([
    ["never reloaded for a missing chunk", null, true],
    ["reloaded a second ago (the chunk is still missing: not a deploy)", now - 1_000, false],
    ["reloaded 29 s ago", now - 29_000, false],
    ["reloaded 30 s ago (another deploy since)", now - 30_000, true],
    ["a stored value that is not a time", Number.NaN, true],
  ])("%s → %s", (_name, last, expected) => {
    expect(shouldReload(last, now)).toBe(expected);
  });
});
