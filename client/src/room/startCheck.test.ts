import { describe, expect, it } from "vitest";
import { formatCounts, startBlocker } from "./startCheck";

const HALMA = { minSeats: 2, seatCounts: [2, 4] };
const QWIRKLE = { minSeats: 2, seatCounts: [2, 3, 4] };

describe("startBlocker", () => {
  it.each([
    ["Halma with 1 player", 1, HALMA, { reason: "needPlayers", min: 2 }],
    ["Halma with 2 players", 2, HALMA, null],
    ["Halma with 3 players", 3, HALMA, { reason: "seatCount", counts: [2, 4] }],
    ["Halma with 4 players", 4, HALMA, null],
    ["Qwirkle with 3 players", 3, QWIRKLE, null],
    ["a catalogue without seat counts", 3, { minSeats: 2 }, null],
    ["no catalogue yet, 1 player", 1, null, { reason: "needPlayers", min: 2 }],
    ["no catalogue yet, 3 players", 3, null, null],
  ])("%s", (_name, players, game, blocker) => {
    expect(startBlocker(players, game)).toEqual(blocker);
  });
});

describe("formatCounts", () => {
  it.each([
    [[2, 4], "en", "2 or 4"],
    [[2, 4], "fr", "2 ou 4"],
    [[2, 3, 4], "en", "2, 3, or 4"],
    [[4], "fr", "4"],
  ])("%j in %s: %s", (counts, locale, text) => {
    expect(formatCounts(counts, locale)).toBe(text);
  });
});
