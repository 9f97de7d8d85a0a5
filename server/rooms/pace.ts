import type { ErasedGame } from "../../shared/engine/erase";
import type { PaceDeadline, RoomRecord } from "./record";

export const DAY_MS = 24 * 3600 * 1000;

/** Stand-in turns in a row after which the stand-in stays until the player returns. */
export const MISSED_TURNS_FOR_GOOD = 3;

/**
 * A slow room's deadline after a change: kept while the position is the same, a fresh one for a
 * new position (every move starts a turn), none when the room is live, not in play, or no human
 * is expected (computers and permanent stand-ins play by themselves).
 */
export function nextDeadline(previous: PaceDeadline | null, room: RoomRecord, game: ErasedGame, now: number): PaceDeadline | null {
  const days = room.settings.paceDays;
  // Without computer players nobody could play a late turn: such a game simply waits.
  if (days === null || room.status !== "playing" || room.state === null || game.bots.length === 0) return null;
  const waitingOnHuman = game.currentSeats(room.state).some((seat) => {
    const record = room.seats[seat];
    return record?.kind === "human" && !record.standIn;
  });
  if (!waitingOnHuman) return null;
  if (previous?.moveNumber === room.moveNumber) return previous;
  return { moveNumber: room.moveNumber, deadline: now + days * DAY_MS, durationMs: days * DAY_MS };
}

/** What clients see: the time left measured now. */
export function publicDeadline(deadline: PaceDeadline | null, now: number): { remainingMs: number; durationMs: number } | null {
  return deadline === null ? null : { remainingMs: Math.max(0, deadline.deadline - now), durationMs: deadline.durationMs };
}
