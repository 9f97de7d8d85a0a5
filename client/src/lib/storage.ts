/**
 * Everything the client keeps in localStorage, in one place. Every access is guarded because
 * storage can be disabled (private mode, embedded browsers): the app must still work, it simply
 * forgets seats and language on reload.
 */
const KEYS = {
  language: "tablee:lang",
  nickname: "tablee:nickname",
  creator: (roomId: string) => `tablee:creator:${roomId}`,
  seats: (roomId: string) => `tablee:seats:${roomId}`,
} as const;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage full or disabled: keep going without persistence.
  }
}

export const loadLanguage = (): string | null => read(KEYS.language);
export const saveLanguage = (language: string): void => write(KEYS.language, language);

export const loadNickname = (): string => read(KEYS.nickname) ?? "";
export const saveNickname = (nickname: string): void => write(KEYS.nickname, nickname);

export const loadCreatorToken = (roomId: string): string | null => read(KEYS.creator(roomId));
export const saveCreatorToken = (roomId: string, token: string): void => write(KEYS.creator(roomId), token);

/**
 * The seat tokens this browser holds for a room, oldest first. A list, not a seat → token map:
 * seat numbers change once, at the start, when unused seats are removed, so which seat a token
 * holds is read from each snapshot (`you.seats[i]` is the seat of the i-th token we watched with).
 */
export function loadSeatTokens(roomId: string): string[] {
  const raw = read(KEYS.seats(roomId));
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    // Also accept an object of tokens (an older seat → token format).
    const values: unknown[] = Array.isArray(parsed) ? parsed : typeof parsed === "object" && parsed !== null ? Object.values(parsed) : [];
    return values.filter((token): token is string => typeof token === "string");
  } catch {
    return [];
  }
}

export function addSeatToken(roomId: string, token: string): void {
  const tokens = loadSeatTokens(roomId).filter((t) => t !== token);
  write(KEYS.seats(roomId), JSON.stringify([...tokens, token]));
}

/** What "My games" sends to the server for one room: every token this browser holds for it. */
export interface StoredRoom {
  readonly roomId: string;
  readonly seatTokens: string[];
  readonly creatorToken?: string;
}

const SEATS_PREFIX = "tablee:seats:";
const CREATOR_PREFIX = "tablee:creator:";

/**
 * Every room this browser holds a token for, from the `tablee:seats:*` and `tablee:creator:*` keys.
 * The server takes at most 4 seat tokens per room (pass-and-play), so we keep the newest 4.
 */
export function listStoredRooms(): StoredRoom[] {
  const ids = new Set<string>();
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key?.startsWith(SEATS_PREFIX)) ids.add(key.slice(SEATS_PREFIX.length));
      else if (key?.startsWith(CREATOR_PREFIX)) ids.add(key.slice(CREATOR_PREFIX.length));
    }
  } catch {
    return [];
  }
  return [...ids].map((roomId) => {
    const creatorToken = loadCreatorToken(roomId);
    return { roomId, seatTokens: loadSeatTokens(roomId).slice(-4), ...(creatorToken !== null && { creatorToken }) };
  });
}
