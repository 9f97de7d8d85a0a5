import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import { BotDriver } from "./driver";

/** A room in play whose turn is seat 1's, a computer, and a service that records computer moves. */
function computerToMove() {
  const moves: number[] = [];
  const rooms = {
    onChange: () => () => undefined,
    findGame: () => ({ currentSeats: () => [1] }),
    computerMove: async () => {
      moves.push(Date.now());
      return true;
    },
    outages: { failedInBackground: () => true },
  } as unknown as RoomService;
  const room = {
    id: "r",
    gameId: "g",
    status: "playing",
    moveNumber: 7,
    state: {},
    settings: { botSpeed: "normal" },
    seats: [{ kind: "human" }, { kind: "computer", bot: "easy" }],
  } as unknown as RoomRecord;
  return { moves, room, driver: new BotDriver(rooms, { minMs: 1_000, maxMs: 1_000 }) };
}

describe("the computers' pause", () => {
  beforeEach(() => void vi.useFakeTimers({ now: 0 }));
  afterEach(() => void vi.useRealTimers());

  it.each([
    ["a turn that just began: the whole pause", 0, 1_000],
    ["a turn taken over after it waited 600 ms: the rest of the pause", 600, 400],
    ["a turn whose pause ran out while no process held the room: at once", 12_000, 0],
  ])("%s", async (_name, waitedMs, playsAfterMs) => {
    const { moves, room, driver } = computerToMove();
    driver.consider(room, waitedMs);
    await vi.advanceTimersByTimeAsync(Math.max(0, playsAfterMs - 1));
    if (playsAfterMs > 0) expect(moves).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(moves).toEqual([playsAfterMs]);
    driver.stop();
  });
});
