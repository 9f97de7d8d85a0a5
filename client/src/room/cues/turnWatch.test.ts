import { describe, expect, it } from "vitest";
import type { RoomSnapshot } from "../../../../shared/protocol";
import { tickSecond, turnChange } from "./turnWatch";

const snap = (moveNumber: number, currentSeats: number[], finished = false, id = "room1"): RoomSnapshot =>
  ({
    room: { id, status: finished ? "finished" : "playing", moveNumber },
    currentSeats: finished ? [] : currentSeats,
    outcome: { finished, scores: [], winners: [], ranks: [] },
  }) as unknown as RoomSnapshot;

describe("turn cues", () => {
  it("fire when the turn comes to one of our seats, once", () => {
    expect(turnChange(snap(1, [0]), snap(2, [1]), [1]).turnStarted).toBe(true);
    expect(turnChange(snap(2, [1]), snap(3, [1]), [1]).turnStarted).toBe(false); // still ours
    expect(turnChange(snap(2, [1]), snap(3, [0]), [1]).turnStarted).toBe(false);
    expect(turnChange(snap(2, [0]), snap(3, [1]), []).turnStarted).toBe(false); // spectators get no turn
    expect(turnChange(snap(2, [0]), snap(3, [0, 1]), [1]).turnStarted).toBe(true); // everyone moves (a peek)
  });
  it("announce the end of a game once", () => {
    expect(turnChange(snap(5, [0]), snap(6, [], true), [0]).gameOver).toBe(true);
    expect(turnChange(snap(6, [], true), snap(6, [], true), [0]).gameOver).toBe(false);
    expect(turnChange(snap(6, [], true, "other"), snap(6, [], true), [0]).gameOver).toBe(false);
  });
  it("tick each of the last five seconds", () => {
    expect([6000, 5000, 4200, 1000, 1, 0].map(tickSecond)).toEqual([null, 5, 5, 1, 1, null]);
  });
});
