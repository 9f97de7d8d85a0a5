import { describe, expect, it } from "vitest";
import { formatHalmaSummary } from "./summary";

const t = (id: string, options?: { values?: Record<string, string | number> }): string => `${id}${JSON.stringify(options?.values ?? {})}`;

describe("Halma history lines", () => {
  it("writes the move in notation, with its jumps and skipped seats", () => {
    const step = { type: "move", seat: 0, path: [{ row: 13, col: 2 }, { row: 12, col: 3 }], notation: "c3-d4", kind: "step", skipped: [] };
    expect(formatHalmaSummary(step, t)).toBe('games.halma.history.move{"notation":"c3-d4"}');
    const chain = { ...step, path: [{ row: 13, col: 2 }, { row: 11, col: 4 }, { row: 9, col: 6 }], kind: "jump", skipped: [2] };
    expect(formatHalmaSummary(chain, t, ["Ann", "Bob", "Cy", "Dee"])).toBe('games.halma.history.jumps{"notation":"c3-e5-g7","n":2} · games.halma.history.skipped{"names":"Cy","n":1}');
    expect(formatHalmaSummary({ type: "pass" }, t)).toBeNull();
  });
});
