import type { RoomSnapshot } from "../../../shared/protocol";

type Timer = RoomSnapshot["timer"];

/**
 * A snapshot's countdown as of `now`, for the boards, which count down from `remainingMs` starting
 * when the prop arrives. A live snapshot arrived just now; the device's copy drawn before the socket
 * answers (roomCopy.ts) arrived when it was kept, maybe hours ago: its clock has run meanwhile.
 */
export function timerAsOf(timer: Timer, receivedAt: number, now: number): Timer {
  if (timer === null) return null;
  const elapsed = Math.max(0, now - receivedAt);
  return elapsed === 0 ? timer : { ...timer, remainingMs: Math.max(0, timer.remainingMs - elapsed) };
}
