import type { AckResult } from "../lib/socket";
import { addSeatToken, removeSeatTokens } from "../lib/storage";

/** A seat token chosen on this device: 32 random bytes in base64url, as long as the server's own. */
export function newSeatToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/u, "");
}

/** Sends of a claim whose outcome is unknown: the first again after this long, then twice as long each time up to the last. */
export const CLAIM_RESEND_MS = { first: 1_000, max: 8_000, tries: 6 } as const;

/** Tokens of claims still being sent: a watch that finds them seatless must not forget them (the claim may land yet). */
const inFlight = new Set<string>();

export const claimInFlight = (token: string): boolean => inFlight.has(token);

/** The claim may have landed: no answer (TIMEOUT), the database could not say (IN_DOUBT), or a resend found no connection. */
const unknown = (result: AckResult<unknown>, resent: boolean): boolean =>
  !result.ok && (result.error.code === "TIMEOUT" || result.error.code === "IN_DOUBT" || (resent && result.error.code === "NETWORK"));

/**
 * Takes a seat with a token chosen here. A claim whose outcome is unknown (its answer lost as the
 * connection dropped, the database unable to say) is sent again with the same token, backing off,
 * until it is known: the server answers a claim it already made as the first time, so the device
 * ends up holding the seat, or knowing it does not, instead of leaving the player's name on a seat
 * no device holds. Meanwhile the token is kept (a watch that finds the seat holds it) and not
 * forgotten by a watch that finds it seatless (`claimInFlight`). A claim never sent, or refused for
 * sure, keeps nothing.
 */
export async function claimWithToken<T>(
  roomId: string,
  send: (seatToken: string) => Promise<AckResult<T>>,
  seatToken = newSeatToken(),
  pause: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<AckResult<T>> {
  inFlight.add(seatToken);
  try {
    let result = await send(seatToken);
    for (let tries = 0, delay: number = CLAIM_RESEND_MS.first; unknown(result, tries > 0) && tries < CLAIM_RESEND_MS.tries; tries++, delay = Math.min(delay * 2, CLAIM_RESEND_MS.max)) {
      addSeatToken(roomId, seatToken);
      await pause(delay);
      result = await send(seatToken);
    }
    if (result.ok || unknown(result, true)) addSeatToken(roomId, seatToken); // still unknown: the next watch decides
    else removeSeatTokens(roomId, [seatToken]); // refused for sure (kept while it was resent)
    return result;
  } finally {
    inFlight.delete(seatToken);
  }
}
