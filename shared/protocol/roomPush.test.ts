import { describe, expect, it } from "vitest";
import type { RoomPublic, RoomPush, RoomSnapshot } from "./messages";
import { applyPush } from "./roomPush";

const entry = (moveNumber: number) => ({ moveNumber, seat: 0, summary: { type: `m${moveNumber}` } });
const room = (id: string, version: number, moveNumber: number) => ({ id, version, moveNumber, status: "playing", seats: [] }) as unknown as RoomPublic;
const held: RoomSnapshot = {
  room: room("r", 5, 3),
  roomRevision: "rev-a",
  you: { seats: [1], creator: false },
  views: [{ seat: 1, view: { hand: 3 } }],
  currentSeats: [0],
  outcome: null,
  log: [entry(1), entry(2), entry(3)],
  timer: null,
  deadline: null,
  hints: [],
};
const { you: _you, ...heldWithoutYou } = held;
const push = (overrides: Partial<RoomPush>): RoomPush => ({ ...heldWithoutYou, room: { id: "r", version: 6, moveNumber: 4 }, log: [entry(4)], ...overrides });

describe("applyPush", () => {
  it("a stamp on the revision held: the held room with the new version and move number, `you` kept, the log merged", () => {
    const outcome = applyPush(held, push({ views: [{ seat: 1, view: { hand: 4 } }] }));
    expect(outcome).toEqual({
      kind: "apply",
      logGap: false,
      snapshot: { ...held, room: room("r", 6, 4), views: [{ seat: 1, view: { hand: 4 } }], log: [entry(1), entry(2), entry(3), entry(4)] },
    });
  });
  it("a whole room part and `you` replace the held ones", () => {
    const outcome = applyPush(held, push({ room: room("r", 6, 4), roomRevision: "rev-b", you: { seats: [2], creator: true } }));
    expect(outcome.kind === "apply" && outcome.snapshot).toMatchObject({ room: room("r", 6, 4), roomRevision: "rev-b", you: { seats: [2], creator: true } });
  });
  it("a stamp on another revision, or with nothing held, or for another room: a gap (watch again)", () => {
    expect(applyPush(held, push({ roomRevision: "rev-b" }))).toEqual({ kind: "gap" });
    expect(applyPush(null, push({}))).toEqual({ kind: "gap" });
    expect(applyPush(held, push({ room: { id: "other", version: 9, moveNumber: 1 } }))).toEqual({ kind: "gap" });
  });
  it("no `you` and nothing held to take it from: a gap, even with a whole room part", () => {
    expect(applyPush(null, push({ room: room("r", 6, 4) }))).toEqual({ kind: "gap" });
    expect(applyPush(null, push({ room: room("r", 6, 4), you: held.you })).kind).toBe("apply");
  });
  it("an older version than the one held is stale: ignored", () => {
    expect(applyPush(held, push({ room: { id: "r", version: 4, moveNumber: 2 } }))).toEqual({ kind: "stale" });
  });
  it("missed log entries are applied but flagged", () => {
    const outcome = applyPush(held, push({ room: { id: "r", version: 8, moveNumber: 6 }, log: [entry(6)] }));
    expect(outcome).toMatchObject({ kind: "apply", logGap: true });
  });
  it("a view as changes: applied to the held view of that seat, fields removed, `base` left out of the snapshot", () => {
    const holding: RoomSnapshot = { ...held, views: [{ seat: 1, view: { hand: 3, board: "b", peek: 1 } }] };
    const outcome = applyPush(holding, push({ base: 5, views: [{ seat: 1, changed: { hand: 4 }, removed: ["peek"] }] }));
    expect(outcome.kind === "apply" && outcome.snapshot.views).toEqual([{ seat: 1, view: { hand: 4, board: "b" } }]);
    expect(outcome.kind === "apply" && outcome.snapshot).not.toHaveProperty("base");
    expect(holding.views[0]!.view).toEqual({ hand: 3, board: "b", peek: 1 }); // the held copy is not changed in place
  });
  it("changes on a version not held, for a seat not held, or with nothing held: a gap (watch again)", () => {
    expect(applyPush(held, push({ base: 4, views: [{ seat: 1, changed: { hand: 4 } }] }))).toEqual({ kind: "gap" });
    expect(applyPush(held, push({ base: 5, views: [{ seat: 2, changed: { hand: 4 } }] }))).toEqual({ kind: "gap" });
    expect(applyPush(null, push({ base: 5, you: held.you, views: [{ seat: 1, changed: { hand: 4 } }] }))).toEqual({ kind: "gap" });
  });
});
