import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DAY_MS, MISSED_TURNS_FOR_GOOD, nextDeadline, paceColumns, paceDeadlineOf, publicDeadline } from "./pace";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { claimSeat, newRoom, playMove, reclaimSeats, startGame, turnTimeRanOut } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const at = (ms: number) => new Date(ms);

/** A started two-human Qwirkle room with the given pace. */
function started(paceDays: 1 | 2 | 3 | 7 | null): RoomRecord {
  let room = newRoom("r1", qwirkle, { mode: "quick" }, { ...DEFAULT_SETTINGS, paceDays }, "hash", at(0));
  room = claimSeat(room, 0, "Alice", "a", at(0));
  room = claimSeat(room, 1, "Bob", "b", at(0));
  for (const seat of [2, 3]) room = { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, kind: "closed" as const } : s)) };
  return startGame(room, qwirkle, "seed", at(0));
}

describe("a slow room's deadline", () => {
  it("is none in a live room, and the pace's days for a new turn", () => {
    expect(nextDeadline(null, started(null), qwirkle, 0)).toBeNull();
    expect(nextDeadline(null, started(3), qwirkle, 1000)).toEqual({ moveNumber: 0, deadline: 1000 + 3 * DAY_MS, durationMs: 3 * DAY_MS });
  });

  it("is kept while the position stays, and starts afresh after a move", () => {
    const room = started(1);
    const first = nextDeadline(null, room, qwirkle, 0)!;
    expect(nextDeadline(first, room, qwirkle, 5000)).toBe(first);
    const moved = { ...room, moveNumber: 1 };
    expect(nextDeadline(first, moved, qwirkle, 5000)).toEqual({ moveNumber: 1, deadline: 5000 + DAY_MS, durationMs: DAY_MS });
  });

  it("is none once finished, or when a computer plays the seat to move", () => {
    const room = started(1);
    expect(nextDeadline(null, { ...room, status: "finished" }, qwirkle, 0)).toBeNull();
    const covered = turnTimeRanOut(room, qwirkle, MISSED_TURNS_FOR_GOOD, at(1));
    expect(nextDeadline(null, covered, qwirkle, 0)).toBeNull();
  });

  it("stops while the game is paused and goes on from what was left when it resumes", () => {
    const room = started(2);
    const running = nextDeadline(null, room, qwirkle, 0)!;
    const paused = { ...room, status: "paused" as const };
    const frozen = nextDeadline(running, paused, qwirkle, 5 * 3600_000);
    expect(frozen).toEqual({ moveNumber: 0, deadline: null, remainingMs: 2 * DAY_MS - 5 * 3600_000, durationMs: 2 * DAY_MS });
    // A week paused, other changes meanwhile (a setting, a seat): the time left stays as it was.
    expect(nextDeadline(frozen, paused, qwirkle, 7 * DAY_MS)).toBe(frozen);
    expect(publicDeadline(frozen, 7 * DAY_MS)).toBeNull();
    const resumedAt = 9 * DAY_MS;
    expect(nextDeadline(frozen, room, qwirkle, resumedAt)).toEqual({ moveNumber: 0, deadline: resumedAt + 2 * DAY_MS - 5 * 3600_000, durationMs: 2 * DAY_MS });
    // A turn already over when paused stays over: its late turn is played once play resumes.
    const late = nextDeadline(running, paused, qwirkle, 3 * DAY_MS);
    expect(nextDeadline(late, room, qwirkle, resumedAt)).toMatchObject({ deadline: resumedAt });
  });

  it("is kept in the rooms row as a deadline while the turn runs and as the time left while paused", () => {
    const settings = { ...DEFAULT_SETTINGS, paceDays: 1 as const };
    for (const deadline of [{ moveNumber: 3, deadline: 86_400_000, durationMs: DAY_MS }, { moveNumber: 3, deadline: null, remainingMs: 3600_000, durationMs: DAY_MS }]) {
      expect(paceDeadlineOf({ moveNumber: 3, ...paceColumns(deadline) }, settings)).toEqual(deadline);
    }
    expect(paceColumns(null)).toEqual({ deadlineAt: null, paceLeftMs: null });
    expect(paceDeadlineOf({ moveNumber: 3, deadlineAt: null, paceLeftMs: null }, settings)).toBeNull();
  });

  it("shows the time left measured now, never below zero", () => {
    expect(publicDeadline({ moveNumber: 0, deadline: 10_000, durationMs: DAY_MS }, 4000)).toEqual({ remainingMs: 6000, durationMs: DAY_MS });
    expect(publicDeadline({ moveNumber: 0, deadline: 10_000, durationMs: DAY_MS }, 20_000)?.remainingMs).toBe(0);
  });
});

describe("a turn that ran out", () => {
  const room = started(1);
  const seat = room.state === null ? -1 : qwirkle.currentSeats(room.state)[0]!;

  it("gets the middle computer for that turn only, and counts the miss", () => {
    const late = turnTimeRanOut(room, qwirkle, MISSED_TURNS_FOR_GOOD, at(1));
    expect(late.seats[seat]).toMatchObject({ kind: "human", standIn: "medium", standInForOneTurn: true, missedTurns: 1 });
    expect(late.version).toBe(room.version + 1);
    const move = qwirkle.legalMoves(late.state, seat)[0];
    const played = playMove(late, qwirkle, seat, move, at(2), "medium").room;
    expect(played.seats[seat]).toMatchObject({ standIn: null, standInForOneTurn: false, missedTurns: 1 });
    expect(played.log.at(-1)).toMatchObject({ seat, standIn: "medium" });
  });

  it("keeps the computer for good at the third miss in a row", () => {
    const third = { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, missedTurns: 2 } : s)) };
    const late = turnTimeRanOut(third, qwirkle, MISSED_TURNS_FOR_GOOD, at(1));
    expect(late.seats[seat]).toMatchObject({ standIn: "medium", standInForOneTurn: false, missedTurns: 3 });
    const played = playMove(late, qwirkle, seat, qwirkle.legalMoves(late.state, seat)[0], at(2), "medium").room;
    expect(played.seats[seat]?.standIn).toBe("medium");
    const back = reclaimSeats(played, [seat], at(3));
    expect(back.seats[seat]).toMatchObject({ standIn: null, missedTurns: 0 });
  });

  it("ends the run of misses when the player plays themselves", () => {
    const missed = { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, missedTurns: 2 } : s)) };
    const played = playMove(missed, qwirkle, seat, qwirkle.legalMoves(missed.state, seat)[0], at(2)).room;
    expect(played.seats[seat]?.missedTurns).toBe(0);
    expect(played.log.at(-1)?.standIn).toBeUndefined();
  });

  it("sends the computer away when the player moves themselves in its place (their turn handed over as they moved)", () => {
    for (const forGood of [MISSED_TURNS_FOR_GOOD, 1]) {
      const late = turnTimeRanOut(room, qwirkle, forGood, at(1));
      expect(late.seats[seat]?.standIn).toBe("medium");
      const played = playMove(late, qwirkle, seat, qwirkle.legalMoves(late.state, seat)[0], at(2)).room;
      expect(played.seats[seat]).toMatchObject({ standIn: null, standInForOneTurn: false, missedTurns: 0 });
    }
  });

  it("forgets the misses when the player comes back, even with no computer in their seat", () => {
    const missed = { ...room, seats: room.seats.map((s, i) => (i === seat ? { ...s, missedTurns: 2 } : s)) };
    const back = reclaimSeats(missed, [seat], at(3));
    expect(back.seats[seat]?.missedTurns).toBe(0);
    expect(back.version).toBe(missed.version + 1);
    expect(reclaimSeats(back, [seat], at(4))).toBe(back); // nothing left to clear
  });

  it("changes nothing in a room not in play or already covered", () => {
    expect(turnTimeRanOut({ ...room, status: "paused" }, qwirkle, 3, at(1))).toEqual({ ...room, status: "paused" });
    const covered = turnTimeRanOut(room, qwirkle, 3, at(1));
    expect(turnTimeRanOut(covered, qwirkle, 3, at(2))).toBe(covered);
  });
});
