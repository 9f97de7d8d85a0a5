import type { Millis } from "../../../shared/engine/types";
import type { RoomPublic } from "../../../shared/protocol";

/**
 * Human seats that a computer may take over now: not ours, not connected, no stand-in yet, and away
 * for at least the room's `takeoverAfterMs` (the server checks again with its own clock). None in a
 * slow room: players are away most of the time there, and a late turn goes to a computer by itself.
 */
export function takeoverCandidates(room: RoomPublic, mySeats: readonly number[], now: Millis, receivedAt: Millis = now): number[] {
  if (room.status !== "playing" || mySeats.length === 0 || room.settings.paceDays !== null) return [];
  return room.seats
    .filter((seat) => seat.kind === "human" && !seat.connected && seat.standIn === null && !mySeats.includes(seat.index))
    // awayMs was measured by the server when the snapshot left it; add the time since it arrived here,
    // so the offer does not depend on this device's clock agreeing with the server's.
    .filter((seat) => seat.awayMs !== null && seat.awayMs + Math.max(0, now - receivedAt) >= room.settings.takeoverAfterMs)
    .map((seat) => seat.index);
}

/** The level offered by default: the middle one (bots are listed weakest first). */
export function middleLevel<T>(bots: readonly T[]): T | undefined {
  return bots[Math.floor((bots.length - 1) / 2)];
}
