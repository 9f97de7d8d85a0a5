import { addSeatToken, loadCreatorToken, saveCreatorToken } from "../../lib/storage";

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/u;

/**
 * "Continue on another device": the room's link with this device's tokens in the URL fragment. A
 * fragment never leaves the browser (it is not sent in the request line), so the tokens never reach
 * a server or proxy log.
 */
export function handoffUrl(origin: string, roomPath: string, seatTokens: readonly string[], creatorToken: string | null): string {
  const fragment = new URLSearchParams();
  for (const token of seatTokens) fragment.append("seat", token);
  if (creatorToken !== null) fragment.append("creator", creatorToken);
  return `${origin}${roomPath}#${fragment.toString()}`;
}

/**
 * The tokens of `watched` that hold a seat now, given the seats a snapshot says they hold
 * (`you.seats[i]` is the seat of the i-th token watched with, null for a token that holds none:
 * a seat the host freed, a stale token). What a handoff link should carry.
 */
export function tokensHoldingSeats(watched: readonly string[], seats: readonly (number | null)[]): string[] {
  return watched.filter((_, i) => (seats[i] ?? null) !== null);
}

/** The tokens a handoff fragment carries (malformed values are ignored). */
export function parseHandoff(hash: string): { seatTokens: string[]; creatorToken: string | null } {
  const fragment = new URLSearchParams(hash.replace(/^#/u, ""));
  const seatTokens = fragment.getAll("seat").filter((token) => TOKEN.test(token));
  const creator = fragment.get("creator");
  return { seatTokens, creatorToken: creator !== null && TOKEN.test(creator) ? creator : null };
}

/**
 * On opening a room page: keeps the tokens a handoff link carried (this device now holds the seats
 * too) and removes them from the address bar, so they are not shared again by copying it.
 * True when it kept seat tokens.
 */
export function adoptHandoff(roomId: string): boolean {
  if (location.hash.length < 2) return false;
  const { seatTokens, creatorToken } = parseHandoff(location.hash);
  if (seatTokens.length === 0 && creatorToken === null) return false;
  for (const token of seatTokens) addSeatToken(roomId, token);
  // Never replace this device's own creator token (a forged link must not cost the host their rights);
  // seat tokens that turn out to hold nothing are dropped after the next watch (RoomState.watch).
  if (creatorToken !== null && loadCreatorToken(roomId) === null) saveCreatorToken(roomId, creatorToken);
  history.replaceState(history.state, "", location.pathname + location.search);
  return seatTokens.length > 0;
}
