import type { Seat } from "../../../shared/engine/types";
import type { RoomSnapshot } from "../../../shared/protocol";
import { isMyTurn } from "./cues/turnWatch";

/** What the screen wake lock decides from. */
export interface AwakeInput {
  readonly snapshot: RoomSnapshot | null;
  readonly mySeats: readonly Seat[]; // seats this device holds
  readonly hidden: boolean; // the page is in the background (browsers drop the lock then anyway)
}

/**
 * Whether this device's screen should stay on: while the game is running and one of its seats must
 * move, or a countdown runs (a turn clock, a peek window) — a phone going dark then costs the player
 * their turn. Never for spectators, a paused or finished game, or a hidden page. Pure (see
 * wakeLock.svelte.ts for the browser side).
 */
export function wantsScreenAwake({ snapshot, mySeats, hidden }: AwakeInput): boolean {
  if (hidden || snapshot === null || mySeats.length === 0) return false;
  if (snapshot.room.status !== "playing" || snapshot.outcome?.finished === true) return false;
  return isMyTurn(snapshot, mySeats) || snapshot.timer !== null;
}
