import { describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../../shared/protocol";
import { wantsScreenAwake } from "./keepAwake";

type Status = "waiting" | "playing" | "paused" | "finished";
const snap = (status: Status, currentSeats: number[], timer = false): RoomSnapshot =>
  ({
    room: { id: "room1", status, moveNumber: 3 },
    currentSeats,
    outcome: { finished: status === "finished", scores: [], winners: [], ranks: [] },
    timer: timer ? { key: "t", remainingMs: 8000, durationMs: 10000 } : null,
  }) as unknown as RoomSnapshot;

describe("wantsScreenAwake", () => {
  it.each<[string, RoomSnapshot | null, number[], boolean, boolean]>([
    // case, snapshot, this device's seats, page hidden → wanted
    ["our turn", snap("playing", [1]), [1], false, true],
    ["one of our pass-and-play seats must move", snap("playing", [2]), [0, 2], false, true],
    ["everyone moves at once", snap("playing", [0, 1]), [1], false, true],
    ["the turn passed to someone else", snap("playing", [0]), [1], false, false],
    ["someone else's turn, but a countdown runs", snap("playing", [0], true), [1], false, true],
    ["our turn, page hidden", snap("playing", [1]), [1], true, false],
    ["a countdown, page hidden", snap("playing", [0], true), [1], true, false],
    ["paused", snap("paused", [1]), [1], false, false],
    ["finished", snap("finished", []), [1], false, false],
    ["in the lobby", snap("waiting", []), [1], false, false],
    ["a spectator, even with a countdown", snap("playing", [0], true), [], false, false],
    ["before the first snapshot", null, [1], false, false],
  ])("%s", (_case, snapshot, mySeats, hidden, wanted) => {
    expect(wantsScreenAwake({ snapshot, mySeats, hidden })).toBe(wanted);
  });
});
