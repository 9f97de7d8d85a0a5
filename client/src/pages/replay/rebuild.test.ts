import { describe, expect, it } from "vitest";
import { CLOCK_SEAT } from "../../../../shared/engine/replay";
import { findGame } from "../../../../shared/games/registry";
import type { RoomLog } from "../../lib/historyApi";
import { rebuild } from "./rebuild";

const memoarr = findGame("memoarr")!;

/** A finished Memoarr! room's log whose moves are `moves` (the game need not be over for rebuild). */
function logOf(moves: { seat: number; move: unknown }[]): RoomLog {
  return { roomId: "r", gameId: "memoarr", status: "finished", seats: [], entries: [], replay: { seed: "replay-seed", options: {}, seatCount: 2, moves } };
}

describe("rebuild (the replay page's positions)", () => {
  it("replays a countdown that ran out (seat -1, the clock) with the game's own timeout, and the moves after it", () => {
    const options = memoarr.optionsSchema.parse({});
    const dealt = memoarr.setup(options, 2, "replay-seed");
    const key = memoarr.timer!(dealt)!.key; // the peek window nobody closed
    const timedOut = memoarr.onTimeout!(dealt, key);
    if (!timedOut.ok) throw new Error("the peek window did not end");
    const seat = memoarr.currentSeats(timedOut.state)[0]!;
    const move = memoarr.legalMoves(timedOut.state, seat)[0];
    const { states, brokenAt } = rebuild(memoarr, logOf([{ seat: CLOCK_SEAT, move: { type: "timeout", key } }, { seat, move }]));
    expect(brokenAt).toBeNull();
    expect(states).toHaveLength(3);
    expect(states[1]).toEqual(timedOut.state);
  });

  it("stops before a move the engine refuses, naming it by its number", () => {
    const { states, brokenAt } = rebuild(memoarr, logOf([{ seat: 0, move: { type: "no such move" } }]));
    expect(brokenAt).toBe(1);
    expect(states).toHaveLength(1);
  });
});
