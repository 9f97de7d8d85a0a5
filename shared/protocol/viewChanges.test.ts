import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { viewChanges, withViewChanges } from "./viewChanges";

describe("viewChanges", () => {
  it("keeps only the top-level fields whose value changed, compared deeply", () => {
    const before = { board: [{ x: 0, y: 0 }], hand: [1, 2], turn: 0 };
    const after = { board: [{ x: 0, y: 0 }], hand: [1, 3], turn: 1 };
    expect(viewChanges(before, after)).toEqual({ hand: [1, 3], turn: 1 });
    expect(viewChanges(before, structuredClone(before))).toEqual({});
  });
  it("null (send it whole) when a field is gone or either side is not a plain object", () => {
    expect(viewChanges({ a: 1, b: 2 }, { a: 1 })).toBeNull();
    expect(viewChanges([1], [2])).toBeNull();
    expect(viewChanges(null, { a: 1 })).toBeNull();
    expect(viewChanges({ a: 1 }, "view")).toBeNull();
  });
  it("applied to the view it was worked out from, gives the new view back (property)", () => {
    const json = fc.jsonValue();
    const view = fc.dictionary(fc.string({ maxLength: 4 }), json, { maxKeys: 6 });
    fc.assert(
      fc.property(view, view, (before, after) => {
        const changes = viewChanges(before, after);
        if (changes === null) expect(Object.keys(before).some((key) => !(key in after))).toBe(true);
        else expect(withViewChanges(before, changes)).toEqual(after);
      }),
    );
  });
});
