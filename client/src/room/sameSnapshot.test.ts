import { describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../../shared/protocol";
import { applyPush } from "../../../shared/protocol/roomPush";
import { sameJson, sameSnapshot } from "./sameSnapshot";

describe("sameJson", () => {
  it.each([
    [{ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, true],
    [{ a: 1 }, { a: 2 }, false],
    [{ a: 1 }, { a: 1, b: 2 }, false],
    [[1, 2], [2, 1], false],
    [[], {}, false],
    [null, {}, false],
    ["1", 1, false],
  ])("%j and %j: %s", (a, b, expected) => {
    expect(sameJson(a, b)).toBe(expected);
    expect(sameJson(b, a)).toBe(expected);
  });
});

const snapshot = (version: number, connected: boolean): RoomSnapshot =>
  ({
    room: { id: "r", gameId: "halma", version, status: "playing", seats: [{ index: 0, connected }] },
    roomRevision: 3,
    you: { seats: [0], creator: true },
    views: [{ seat: 0, view: { pieces: [1, 2] } }],
    currentSeats: [0],
    outcome: null,
    log: [{ moveNumber: 1, seat: 0, summary: { type: "move" } }],
    timer: null,
    deadline: null,
    hints: [],
  }) as unknown as RoomSnapshot;

describe("sameSnapshot", () => {
  it("a whole push and the watch's answer for the same room state are the same, whatever the keys' order", () => {
    const pushed = applyPush(null, snapshot(7, true));
    if (pushed.kind !== "apply") throw new Error("push not applied");
    expect(sameSnapshot(pushed.snapshot, snapshot(7, true))).toBe(true);
  });

  it("a change of presence or version is not", () => {
    expect(sameSnapshot(snapshot(7, false), snapshot(7, true))).toBe(false);
    expect(sameSnapshot(snapshot(6, true), snapshot(7, true))).toBe(false);
    expect(sameSnapshot(null, snapshot(7, true))).toBe(false);
  });
});
