import { describe, expect, it } from "vitest";
import { failedFileOf, shouldReload } from "./staleBuild";

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

describe("failedFileOf", () => {
  it.each([
    ["Failed to fetch dynamically imported module: https://tablee.example/assets/Scores-Bx1_a.js", "/assets/Scores-Bx1_a.js"],
    ["Unable to preload CSS for /assets/Room-Cz9.css", "/assets/Room-Cz9.css"],
    ["error loading dynamically imported module: http://localhost:5173/assets/rules-fr-D4.js", "/assets/rules-fr-D4.js"],
    ["Importing a module script failed.", null],
  ])("%s → %s", (message, expected) => {
    expect(failedFileOf(new Error(message))).toBe(expected);
  });
});
