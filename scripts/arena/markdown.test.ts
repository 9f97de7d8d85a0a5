import { describe, expect, it } from "vitest";
import { commandLine } from "./markdown";

describe("commandLine", () => {
  it("leaves plain arguments alone", () => {
    expect(commandLine("npm run arena --", ["--game", "whis", "--seats", "hard,medium", "--out", "docs/bots.md"])).toBe(
      "npm run arena -- --game whis --seats hard,medium --out docs/bots.md",
    );
  });

  it("quotes arguments a shell would split or interpret", () => {
    expect(commandLine("x", ["--settings", "medium;z=1", "it's"])).toBe(`x --settings 'medium;z=1' 'it'\\''s'`);
  });
});
