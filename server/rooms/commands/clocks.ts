import type { FastifyBaseLogger } from "fastify";
import { CLOCK_SEAT } from "../../../shared/engine/replay";
import { unchanged, type Command } from "../decide";
import { MISSED_TURNS_FOR_GOOD } from "../pace";
import { withLogEntry, type RoomRecord } from "../record";
import * as transitions from "../transitions";

/** Commands the clocks give: a game's countdown ran out, a slow room's turn ran out. */

/** How early a countdown may be honoured (timers fire a little early now and then). */
const TIMER_SLACK_MS = 25;

/**
 * The countdown `key` has run out: the game decides what that means (the turn passes, the peek
 * ends). Recorded in the move log as a move of seat -1 (the clock), so replays can re-apply it.
 * Changes nothing when the countdown is no longer the running one or not yet due.
 */
export function timeout(key: string, log: FastifyBaseLogger): Command<boolean> {
  return (room, game, now) => {
    const timer = room.timer;
    // setTimeout may fire a millisecond or two before the deadline: allow a little slack.
    const due = timer !== null && timer.key === key && timer.deadline !== null && timer.deadline <= now.getTime() + TIMER_SLACK_MS;
    if (!due || room.status !== "playing" || !game.onTimeout) return unchanged(room, false);
    const result = game.onTimeout(room.state, key);
    if (!result.ok) {
      log.error({ roomId: room.id, key, error: result.error }, "the game refused its own timeout");
      return { next: { ...room, timer: null, version: room.version + 1 }, result: false };
    }
    const moveNumber = room.moveNumber + 1;
    const finished = game.outcome(result.state).finished;
    const next: RoomRecord = {
      ...room,
      state: result.state,
      moveNumber,
      log: withLogEntry(room.log, { moveNumber, seat: CLOCK_SEAT, summary: result.summary }),
      status: finished ? "finished" : room.status,
      version: room.version + 1,
      updatedAt: now,
    };
    return { next, move: { moveNumber, seat: CLOCK_SEAT, move: { type: "timeout", key }, summary: result.summary }, result: true };
  };
}

/**
 * A slow room's turn ran out (settings.paceDays): a computer plays it for each human whose turn it
 * is (the bot driver follows the change), and the third such turn in a row keeps it there until the
 * human returns. Changes nothing unless the room's deadline has really passed, so any process may
 * ask for it for any room, as often as it likes.
 */
export function turnTimeRanOut(log: FastifyBaseLogger): Command<boolean> {
  return (room, game, now) => {
    const deadline = room.deadline;
    const due = deadline?.moveNumber === room.moveNumber && deadline.deadline !== null && deadline.deadline <= now.getTime() + TIMER_SLACK_MS;
    if (!due || room.status !== "playing") return unchanged(room, false);
    const next = transitions.turnTimeRanOut(room, game, MISSED_TURNS_FOR_GOOD, now);
    if (next === room) return unchanged(room, false);
    log.info({ roomId: room.id, moveNumber: room.moveNumber }, "a slow turn ran out: a computer plays it");
    return { next, result: true };
  };
}
