import { describe, expect, it } from "vitest";
import { noticesFor } from "./notifier";
import { after, fakeGame, tableRoom } from "./testkit";

const nobody = new Set<number>();

describe("who is told what after a change", () => {
  const start = tableRoom();

  const together = { ...start, state: { current: [0, 1] } };
  it.each([
    ["the next human's turn starts, tab closed", start, after(start, 0, { current: [1] }), nobody, [{ kind: "turn", seat: 1 }]],
    ["the next human is connected", start, after(start, 0, { current: [1] }), new Set([1]), []],
    ["a computer's turn", start, after(start, 0, { current: [2] }), nobody, []],
    ["a simultaneous phase: seat 1 still due after seat 0 acted", together, after(together, 0, { current: [1] }), nobody, []],
    ["the same seat is due again after its own move", start, after(start, 0, { current: [0] }), nobody, [{ kind: "turn", seat: 0 }]],
    ["seats newly due together, one connected", start, after(start, 2, { current: [0, 1] }), new Set([0]), [{ kind: "turn", seat: 1 }]],
  ] as const)("%s", (_name, previous, next, connected, expected) => {
    expect(noticesFor(previous, next, fakeGame, connected)).toEqual(expected);
  });

  it("tells nobody about a paused room, nor a seat a computer stands in for until its human returns", () => {
    expect(noticesFor(start, after(start, 0, { current: [1] }, { status: "paused" }), fakeGame, nobody)).toEqual([]);
    const standIn = after(start, 0, { current: [1] }, { seats: start.seats.map((s, i) => (i === 1 ? { ...s, standIn: "easy" } : s)) });
    expect(noticesFor(start, standIn, fakeGame, nobody)).toEqual([]);
    // A stand-in for one turn only (a slow room's missed turn): the human is expected on their next turn.
    const oneTurn = { ...standIn, seats: standIn.seats.map((s, i) => (i === 1 ? { ...s, standInForOneTurn: true } : s)) };
    expect(noticesFor(start, oneTurn, fakeGame, nobody)).toEqual([{ kind: "turn", seat: 1 }]);
  });

  it("tells the game's start to whoever is first, and nobody about a room just opened (the next game)", () => {
    const lobby = { ...start, status: "waiting" as const, state: null, moveNumber: 0 };
    expect(noticesFor(lobby, { ...start, state: { current: [1] } }, fakeGame, nobody)).toEqual([{ kind: "turn", seat: 1 }]);
    expect(noticesFor(null, start, fakeGame, nobody)).toEqual([]);
  });

  it("tells every absent human the end of the game with their rank, and not a connected one", () => {
    const over = after(start, 0, { current: [], ranks: [2, 1, 1], winners: [1, 2] }, { status: "finished" });
    expect(noticesFor(start, over, fakeGame, new Set([0]))).toEqual([{ kind: "gameOver", seat: 1, rank: 1, won: true, sharedWin: true }]);
    expect(noticesFor(start, over, fakeGame, nobody).map((n) => n.seat)).toEqual([0, 1]);
    expect(noticesFor(over, { ...over, version: over.version + 1 }, fakeGame, nobody)).toEqual([]); // already over
  });

  it("asks the absent humans who have not asked to play again when someone newly asks", () => {
    const over = { ...after(start, 0, { current: [], ranks: [1, 2, 3], winners: [0] }), status: "finished" as const };
    const asked = { ...over, version: over.version + 1, series: { ...over.series, rematchAsks: [0] } };
    expect(noticesFor(over, asked, fakeGame, nobody)).toEqual([{ kind: "rematch", seat: 1, askers: [0] }]);
    expect(noticesFor(over, asked, fakeGame, new Set([1]))).toEqual([]);
    const both = { ...asked, version: asked.version + 1, series: { ...asked.series, rematchAsks: [0, 1] } };
    expect(noticesFor(asked, both, fakeGame, nobody)).toEqual([]); // everyone human has asked
    const started = { ...asked, series: { ...asked.series, nextRoomId: "room-2" } };
    expect(noticesFor(over, started, fakeGame, nobody)).toEqual([]); // the next game opened: the table follows it
  });
});
