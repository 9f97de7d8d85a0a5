import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shareUnchanged } from "./shareUnchanged";

describe("shareUnchanged", () => {
  it("keeps the previous parts that did not change, and takes the new ones", () => {
    const previous = { room: { id: "r", seats: [{ name: "Alice", awayMs: 0 }, { name: "Bruno", awayMs: 10 }] }, views: [{ seat: 0, view: { hand: [1, 2, 3] } }], log: [] as number[] };
    const next = JSON.parse(JSON.stringify(previous)) as typeof previous;
    next.room.seats[1] = { name: "Bruno", awayMs: 20 };
    const shared = shareUnchanged(previous, next);
    expect(shared).toEqual(next);
    expect(shared).not.toBe(previous);
    expect(shared.views).toBe(previous.views);
    expect(shared.log).toBe(previous.log);
    expect(shared.room.seats[0]).toBe(previous.room.seats[0]);
    expect(shared.room.seats[1]).not.toBe(previous.room.seats[1]);
  });

  it("gives back the previous value whole when nothing changed", () => {
    const previous = { a: [1, { b: "x" }], c: null };
    expect(shareUnchanged(previous, JSON.parse(JSON.stringify(previous)))).toBe(previous);
  });

  it("notices a key removed, added or of another kind", () => {
    expect(shareUnchanged({ a: 1, b: 2 }, { a: 1 })).toEqual({ a: 1 });
    expect(shareUnchanged({ a: 1 }, { a: 1, b: undefined })).toEqual({ a: 1, b: undefined });
    expect(shareUnchanged({ a: [1] }, { a: { 0: 1 } })).toEqual({ a: { 0: 1 } });
    expect(shareUnchanged([1, 2], [1])).toEqual([1]);
  });

  it("keeps a JSON key named __proto__ as a key, not as the prototype", () => {
    const next = JSON.parse('{"__proto__": [], "a": 1}') as Record<string, unknown>;
    const shared = shareUnchanged({}, next);
    expect(Object.getPrototypeOf(shared)).toBe(Object.prototype);
    expect(Object.hasOwn(shared, "__proto__")).toBe(true);
    expect(shared).toStrictEqual(next);
  });

  it("always equals the new value, for any two JSON values", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (a, b) => {
        expect(shareUnchanged(a, b)).toStrictEqual(b);
        expect(shareUnchanged(a, structuredClone(a))).toBe(a);
      }),
    );
  });
});
