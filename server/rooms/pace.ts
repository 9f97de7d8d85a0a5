import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomSettings } from "../../shared/protocol";
import type { PaceDeadline, RoomRecord } from "./record";

export const DAY_MS = 24 * 3600 * 1000;

/** Stand-in turns in a row after which the stand-in stays until the player returns. */
export const MISSED_TURNS_FOR_GOOD = 3;

/**
 * A slow room's deadline after a change: kept while the position is the same, a fresh one for a
 * new position (every move starts a turn), none when the room is live, not in play, or no human
 * is expected (computers and permanent stand-ins play by themselves). A pause freezes what is left
 * of the turn and resuming starts it again from there.
 */
export function nextDeadline(previous: PaceDeadline | null, room: RoomRecord, game: ErasedGame, now: number): PaceDeadline | null {
  const days = room.settings.paceDays;
  const inPlay = room.status === "playing" || room.status === "paused";
  // Without computer players nobody could play a late turn: such a game simply waits.
  if (days === null || !inPlay || room.state === null || game.bots.length === 0) return null;
  const waitingOnHuman = game.currentSeats(room.state).some((seat) => {
    const record = room.seats[seat];
    return record?.kind === "human" && !record.standIn;
  });
  if (!waitingOnHuman) return null;
  const durationMs = days * DAY_MS;
  const sameTurn = previous?.moveNumber === room.moveNumber ? previous : null;
  const leftMs = sameTurn === null ? durationMs : sameTurn.deadline === null ? sameTurn.remainingMs : Math.max(0, sameTurn.deadline - now);
  if (room.status === "paused") {
    return sameTurn?.deadline === null ? sameTurn : { moveNumber: room.moveNumber, deadline: null, remainingMs: leftMs, durationMs };
  }
  if (sameTurn !== null && sameTurn.deadline !== null) return sameTurn;
  return { moveNumber: room.moveNumber, deadline: now + leftMs, durationMs };
}

/** What clients see: the time left measured now, or null when no turn's time runs (a paused game shows it is paused). */
export function publicDeadline(deadline: PaceDeadline | null, now: number): { remainingMs: number; durationMs: number } | null {
  return deadline === null || deadline.deadline === null ? null : { remainingMs: Math.max(0, deadline.deadline - now), durationMs: deadline.durationMs };
}

/** A slow room's deadline as the rooms row keeps it: `deadline_at` while the turn runs, `pace_left_ms` while paused. */
export function paceColumns(deadline: PaceDeadline | null): { deadlineAt: Date | null; paceLeftMs: number | null } {
  if (deadline === null) return { deadlineAt: null, paceLeftMs: null };
  return deadline.deadline === null ? { deadlineAt: null, paceLeftMs: deadline.remainingMs } : { deadlineAt: new Date(deadline.deadline), paceLeftMs: null };
}

/** The deadline a stored row holds. It belongs to the stored position: any later move was written with its own. */
export function paceDeadlineOf(row: { moveNumber: number; deadlineAt: Date | null; paceLeftMs: number | null }, settings: RoomSettings): PaceDeadline | null {
  if (settings.paceDays === null) return null;
  const durationMs = settings.paceDays * DAY_MS;
  if (row.deadlineAt !== null) return { moveNumber: row.moveNumber, deadline: row.deadlineAt.getTime(), durationMs };
  return row.paceLeftMs === null ? null : { moveNumber: row.moveNumber, deadline: null, remainingMs: row.paceLeftMs, durationMs };
}
