import type { PushRoom } from "../push/pushApi";
import { dropTokens, listStoredRooms, loadProfileTokens, loadSeatTokens, saveProfileTokens } from "../lib/storage";
import { forgetRoomCopiesHolding } from "../room/roomCopy";

/**
 * Which tokens a device holds for its profile rather than for itself. Signed in, a device receives
 * every seat of the profile (its other devices' games); signed out, it goes on as a guest with the
 * seats it took itself, and gives the others back: on a shared tablet, the next person to sign in
 * would otherwise send the previous one's seats to their own profile (and, a seat then held by two
 * profiles, neither would get a result for those games).
 */
export function noteProfileTokens(tokens: readonly string[]): void {
  if (tokens.length === 0) return;
  saveProfileTokens([...new Set([...loadProfileTokens(), ...tokens])]);
}

/** Signed out: forgets the tokens the profile brought, and the copies of rooms drawn with them. */
export function dropProfileTokens(): void {
  const tokens = new Set(loadProfileTokens());
  if (tokens.size === 0) return;
  const seatsGiven: PushRoom[] = [];
  for (const room of listStoredRooms()) {
    const seatTokens = loadSeatTokens(room.roomId).filter((t) => tokens.has(t));
    if (seatTokens.length > 0) seatsGiven.push({ roomId: room.roomId, seatTokens });
    if (seatTokens.length > 0 || (room.creatorToken !== undefined && tokens.has(room.creatorToken))) dropTokens(room.roomId, tokens);
  }
  forgetRoomCopiesHolding(tokens);
  saveProfileTokens([]);
  // Their turns no longer notify this device (with "Notify me on this device" on).
  if (seatsGiven.length > 0) void import("../push/devicePush").then(({ forgetDevicePushSeats }) => forgetDevicePushSeats(seatsGiven));
}
