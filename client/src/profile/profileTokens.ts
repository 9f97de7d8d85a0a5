import type { PushRoom } from "../push/pushApi";
import { carryTokens, dropTokens, loadProfileTokens, loadSeatTokens, saveProfileTokens } from "../lib/storage";
import { forgetRoomCopiesHolding } from "../room/roomCopy";

/**
 * Which tokens a device holds for its profile rather than for itself. Signed in, a device receives
 * every seat of the profile (its other devices' games); signed out, it goes on as a guest with the
 * seats it took itself, and gives the others back: on a shared tablet, the next person to sign in
 * would otherwise send the previous one's seats to their own profile (and, a seat then held by two
 * profiles, neither would get a result for those games).
 */
export function noteProfileTokens(held: readonly HeldToken[]): void {
  if (held.length === 0) return;
  saveProfileTokens([...new Set([...loadProfileTokens(), ...held.map(keyOf)])]);
}

/**
 * "Play again": this device's tokens go to the table's next game (they hold the same seats there);
 * those the profile brought stay the profile's there too, so a sign-out gives them back from both games.
 */
export function carryTableTokens(fromRoomId: string, toRoomId: string): void {
  const prefix = `${fromRoomId} `;
  const brought = loadProfileTokens()
    .filter((key) => key.startsWith(prefix))
    .map((key) => ({ roomId: toRoomId, token: key.slice(prefix.length) }));
  noteProfileTokens(brought); // before they are stored: each store announces itself, and a sync may follow at once
  carryTokens(fromRoomId, toRoomId);
}

/** A token held in one room. The same token holds its seat in each game of a table ("play again"), so it is noted per room. */
export interface HeldToken {
  readonly roomId: string;
  readonly token: string;
}
const keyOf = ({ roomId, token }: HeldToken): string => `${roomId} ${token}`;

/** Signed out: forgets the tokens the profile brought, and the copies of rooms drawn with them. */
export function dropProfileTokens(): void {
  const byRoom = new Map<string, Set<string>>();
  for (const key of loadProfileTokens()) {
    const [roomId, token] = key.split(" ");
    if (roomId === undefined || token === undefined) continue;
    byRoom.set(roomId, (byRoom.get(roomId) ?? new Set()).add(token));
  }
  if (byRoom.size === 0) return saveProfileTokens([]);
  const seatsGiven: PushRoom[] = [];
  for (const [roomId, tokens] of byRoom) {
    const seatTokens = loadSeatTokens(roomId).filter((t) => tokens.has(t));
    if (seatTokens.length > 0) seatsGiven.push({ roomId, seatTokens });
    dropTokens(roomId, tokens);
  }
  forgetRoomCopiesHolding(byRoom);
  saveProfileTokens([]);
  // Their turns no longer notify this device (with "Notify me on this device" on).
  if (seatsGiven.length > 0) void import("../push/devicePush").then(({ forgetDevicePushSeats }) => forgetDevicePushSeats(seatsGiven));
}
