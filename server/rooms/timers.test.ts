import { describe, expect, it } from "vitest";
import { countdownGame } from "../../test/support/countdownGame";
import type { RoomRecord, RoomTimer } from "./record";
import { nextTimer, publicTimer, timerAfterRestart } from "./timers";

const room = (status: RoomRecord["status"], turn: number, extra: Partial<RoomRecord> = {}): RoomRecord =>
  ({ status, state: { turn, timeouts: 0, turnMs: 1000 }, timer: null, updatedAt: new Date(0), ...extra }) as unknown as RoomRecord;

describe("room countdowns (fake clock)", () => {
  it("starts a countdown when a new key appears and keeps its deadline while the key stays", () => {
    const first = nextTimer(null, room("playing", 0), countdownGame, 10_000);
    expect(first).toEqual({ key: "turn:0", durationMs: 1000, deadline: 11_000, remainingMs: 1000 });
    expect(nextTimer(first, room("playing", 0), countdownGame, 10_600)?.deadline).toBe(11_000);
    expect(nextTimer(first, room("playing", 1), countdownGame, 10_600)).toMatchObject({ key: "turn:1", deadline: 11_600 });
  });

  it("freezes while paused and resumes with the time that was left", () => {
    const running: RoomTimer = { key: "turn:0", durationMs: 1000, deadline: 11_000, remainingMs: 1000 };
    const paused = nextTimer(running, room("paused", 0), countdownGame, 10_700);
    expect(paused).toEqual({ key: "turn:0", durationMs: 1000, deadline: null, remainingMs: 300 });
    expect(publicTimer(paused, 99_999)).toBeNull(); // nothing ticks while paused
    expect(nextTimer(paused, room("playing", 0), countdownGame, 50_000)).toMatchObject({ deadline: 50_300, remainingMs: 300 });
  });

  it("keeps the remaining time of the last saved change across a restart", () => {
    const saved = room("playing", 0, { timer: { key: "turn:0", durationMs: 1000, deadline: 11_000, remainingMs: 1000 }, updatedAt: new Date(10_400) });
    expect(timerAfterRestart(saved)).toEqual({ key: "turn:0", durationMs: 1000, deadline: null, remainingMs: 600 });
  });

  it("stops when the game is over or has no countdown", () => {
    expect(nextTimer(null, room("finished", 6), countdownGame, 0)).toBeNull();
    expect(nextTimer(null, room("playing", 6), countdownGame, 0)).toBeNull();
    expect(publicTimer({ key: "k", durationMs: 1000, deadline: 5_000, remainingMs: 1000 }, 4_250)).toEqual({ key: "k", remainingMs: 750, durationMs: 1000 });
  });
});
