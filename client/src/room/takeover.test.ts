import { describe, expect, it } from "vitest";
import type { RoomPublic, SeatPublic } from "../../../shared/protocol";
import { middleLevel, takeoverCandidates } from "./takeover";

const seat = (index: number, patch: Partial<SeatPublic> = {}): SeatPublic => ({
  index,
  colour: index,
  kind: "human",
  nickname: `P${index}`,
  bot: null,
  connected: true,
  standIn: null,
  missedTurns: 0,
  disconnectedSince: null,
  awayMs: null,
  ...patch,
});

const room = (seats: SeatPublic[], status: RoomPublic["status"] = "playing"): RoomPublic => ({
  id: "r".repeat(22),
  gameId: "qwirkle",
  options: {},
  status,
  seats,
  moveNumber: 3,
  version: 5,
  createdAt: "2026-01-01T00:00:00Z",
  settings: { botSpeed: "normal", hints: false, takeoverAfterMs: 10_000, spectatorChat: true, chatMutedSeats: [], paceDays: null },
  series: { number: 1, previousRoomId: null, nextRoomId: null, rematchAsks: [], winsBefore: [0, 0] },
});

describe("takeoverCandidates", () => {
  const now = Date.parse("2026-01-01T00:01:00Z");
  const away = (sinceSeconds: number): Partial<SeatPublic> => ({
    connected: false,
    disconnectedSince: new Date(now - sinceSeconds * 1000).toISOString(),
    awayMs: sinceSeconds * 1000,
  });

  it.each([
    ["away long enough", [seat(0), seat(1, away(11))], [0], [1]],
    ["not away long enough", [seat(0), seat(1, away(9))], [0], []],
    ["my own seat", [seat(0, away(60)), seat(1)], [0], []],
    ["already covered", [seat(0), seat(1, { ...away(60), standIn: "medium" })], [0], []],
    ["a computer", [seat(0), seat(1, { kind: "computer", connected: false })], [0], []],
    ["a spectator asks", [seat(0), seat(1, away(60))], [], []],
  ] as const)("%s", (_name, seats, mine, expected) => {
    expect(takeoverCandidates(room([...seats]), mine, now)).toEqual(expected);
  });

  it("counts the time since the snapshot arrived, whatever this device's clock says", () => {
    const seats = [seat(0), seat(1, { connected: false, disconnectedSince: "1999-01-01T00:00:00Z", awayMs: 8_000 })];
    expect(takeoverCandidates(room(seats), [0], now, now)).toEqual([]);
    expect(takeoverCandidates(room(seats), [0], now + 2_500, now)).toEqual([1]);
  });

  it("offers nothing outside play", () => {
    expect(takeoverCandidates(room([seat(0), seat(1, away(60))], "paused"), [0], now)).toEqual([]);
  });

  it("offers nothing in a slow room, where a late turn goes to a computer by itself", () => {
    const seats = [seat(0), seat(1, away(3600))];
    expect(takeoverCandidates(room(seats), [0], now)).toEqual([1]);
    const slow = room(seats);
    expect(takeoverCandidates({ ...slow, settings: { ...slow.settings, paceDays: 2 } }, [0], now)).toEqual([]);
  });
});

describe("middleLevel", () => {
  it.each([
    [["easy", "medium", "hard"], "medium"],
    [["easy", "hard"], "easy"],
    [["only"], "only"],
    [[], undefined],
  ])("%j → %s", (bots, expected) => {
    expect(middleLevel(bots)).toBe(expected);
  });
});
