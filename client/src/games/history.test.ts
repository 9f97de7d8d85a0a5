import { describe, expect, it } from "vitest";
import type { Translate } from "../lib/errors";
import { drawnParts, joinLines, lineText, sentence, spokenText } from "./history";

// Formats like ICU for plain {placeholders}: enough to see where pictures land.
const t: Translate = (id, options) => id.replace(/\{(\w+)\}/gu, (_m, key: string) => String(options?.values?.[key] ?? `{${key}}`));
const tiles = { pictures: ["T1", "R1"], alt: "red clover, red circle" };

describe("history lines", () => {
  it("turns picture placeholders into picture parts, the rest into words", () => {
    expect(sentence(t, "{name} placed {tiles} for {points} points", { name: "Alice", points: 7 }, { tiles })).toEqual([
      { text: "Alice placed " },
      tiles,
      { text: " for 7 points" },
    ]);
    expect(sentence(t, "{tiles}{card}", {}, { tiles, card: { pictures: ["X"], alt: "x" } })).toEqual([tiles, { pictures: ["X"], alt: "x" }]);
    expect(sentence(t, "{name} passed", { name: "Bruno" })).toEqual([{ text: "Bruno passed" }]);
    expect(sentence(t, "{name} placed {tiles}", { name: "Eve\uE0000\uE001" }, { tiles })).toEqual([{ text: "Eve0 placed " }, tiles]);
  });

  it("joins sentences with a full stop and reads them as text", () => {
    const line = joinLines([sentence(t, "{name} played {tiles}", { name: "Alice" }, { tiles }), [], sentence<string>(t, "Bruno passes")]);
    expect(lineText(line)).toBe("Alice played [red clover, red circle]. Bruno passes");
    expect(spokenText(line)).toBe("Alice played red clover, red circle. Bruno passes"); // as a screen reader says it
  });

  it("keeps the punctuation after a picture run with it", () => {
    const line = sentence(t, "{name} played {tiles}, asking for Water", { name: "Alice" }, { tiles });
    expect(drawnParts(line)).toEqual([{ text: "Alice played " }, { ...tiles, glued: "," }, { text: " asking for Water" }]);
    expect(drawnParts(sentence(t, "{tiles}, ", {}, { tiles }))).toEqual([{ ...tiles, glued: "," }, { text: " " }]);
    expect(drawnParts(sentence(t, "{tiles}.", {}, { tiles }))).toEqual([{ ...tiles, glued: "." }]);
    expect(drawnParts([{ text: ", no picture before" }])).toEqual([{ text: ", no picture before" }]);
  });
});
