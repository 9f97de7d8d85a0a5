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
