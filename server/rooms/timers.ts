import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomRecord, RoomTimer } from "./record";

/**
 * The room's countdown after a change, from what the game says is running now. A countdown keeps its
 * deadline while its key is unchanged, starts afresh when a new key appears, and is frozen while the
 * room is paused (the remaining time is kept and the deadline moves when play resumes).
 */
export function nextTimer(previous: RoomTimer | null, room: RoomRecord, game: ErasedGame, now: number): RoomTimer | null {
  if (room.state === null || room.status === "finished" || room.status === "waiting" || !game.timer) return null;
  const wanted = game.timer(room.state);
  if (!wanted) return null;
  const running = previous?.key === wanted.key ? previous : null;
  const remainingMs = running ? (running.deadline === null ? running.remainingMs : Math.max(0, running.deadline - now)) : wanted.durationMs;
  if (room.status === "paused") return { key: wanted.key, durationMs: wanted.durationMs, deadline: null, remainingMs };
  return { key: wanted.key, durationMs: wanted.durationMs, deadline: now + remainingMs, remainingMs };
}

/**
 * A room loaded by a process that was not running it (a restart): the countdown goes on with the
 * time it had left at its last saved change, so a server outage does not eat a player's turn.
 */
export function timerAfterRestart(room: RoomRecord): RoomTimer | null {
  const timer = room.timer;
  if (!timer || timer.deadline === null) return timer;
  const left = Math.max(0, Math.min(timer.durationMs, timer.deadline - room.updatedAt.getTime()));
  return { ...timer, deadline: null, remainingMs: left };
}

/** What clients see: time left measured now, or null when nothing runs. */
export function publicTimer(timer: RoomTimer | null, now: number): { key: string; remainingMs: number; durationMs: number } | null {
  if (!timer || timer.deadline === null) return null;
  return { key: timer.key, remainingMs: Math.max(0, timer.deadline - now), durationMs: timer.durationMs };
}
