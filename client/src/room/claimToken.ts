import type { AckResult } from "../lib/socket";
import { addSeatToken, removeSeatTokens } from "../lib/storage";

/** A seat token chosen on this device: 32 random bytes in base64url, as long as the server's own. */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");
}

/**
 * Takes a seat with a token chosen here and kept before the claim is sent: a claim whose answer is
 * lost (the connection dropped as it went) is then found by the next watch, which sends the token (it
 * holds the seat, or nothing and is forgotten), instead of a seat under the player's name that no
 * device holds. A claim refused for sure forgets its token at once.
 */
export async function claimWithToken<T>(roomId: string, send: (seatToken: string) => Promise<AckResult<T>>, seatToken = newSeatToken()): Promise<AckResult<T>> {
  addSeatToken(roomId, seatToken);
  const result = await send(seatToken);
  if (!result.ok && result.error.code !== "TIMEOUT") removeSeatTokens(roomId, [seatToken]);
  return result;
}
