import type { AckResult } from "../lib/socket";
import { addSeatToken } from "../lib/storage";

/** A seat token chosen on this device: 32 random bytes in base64url, as long as the server's own. */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");
}

/**
 * Takes a seat with a token chosen here, kept once the claim is answered or its answer lost (the
 * connection dropped as it went): the next watch then sends the token, and finds the seat if the claim
 * landed (or nothing, and the token is forgotten), instead of a seat under the player's name that no
 * device holds. Not kept before the answer: a watch meanwhile would call it seatless and drop it.
 */
export async function claimWithToken<T>(roomId: string, send: (seatToken: string) => Promise<AckResult<T>>, seatToken = newSeatToken()): Promise<AckResult<T>> {
  const result = await send(seatToken);
  if (result.ok || result.error.code === "TIMEOUT") addSeatToken(roomId, seatToken);
  return result;
}
