import type { RoomSnapshot } from "../../../../shared/protocol";
import type { Seat } from "../../../../shared/engine/types";

/** What changed between two snapshots that deserves a cue. Pure, so it is tested without a browser. */
export interface TurnChange {
  readonly turnStarted: boolean; // one of our seats is now expected to move, and was not before
  readonly gameOver: boolean; // the game ended with this change
}

export function isMyTurn(snapshot: RoomSnapshot | null, mySeats: readonly Seat[]): boolean {
  return snapshot !== null && snapshot.room.status === "playing" && snapshot.currentSeats.some((seat) => mySeats.includes(seat));
}

export function turnChange(previous: RoomSnapshot | null, next: RoomSnapshot, mySeats: readonly Seat[]): TurnChange {
  const sameRoom = previous !== null && previous.room.id === next.room.id;
  return {
    // The turn comes to us (a seat's several moves in a row, or pass-and-play seats taking turns on
    // this device, are one cue).
    turnStarted: isMyTurn(next, mySeats) && !(sameRoom && isMyTurn(previous, mySeats)),
    gameOver: sameRoom && previous.outcome?.finished !== true && next.outcome?.finished === true,
  };
}

/**
 * The whole seconds left on a countdown that should tick (5, 4, 3, 2, 1), given the milliseconds
 * left now; null when not in the last five seconds.
 */
export function tickSecond(remainingMs: number): number | null {
  if (remainingMs <= 0 || remainingMs > 5000) return null;
  return Math.ceil(remainingMs / 1000);
}
