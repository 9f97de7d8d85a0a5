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
  roomGame: (roomId: string) => `tablee:game:${roomId}`,
  chatMuted: (roomId: string) => `tablee:chat-muted:${roomId}`,
  chatRead: (roomId: string) => `tablee:chat-read:${roomId}`,
  chatName: "tablee:chat-name",
  sound: "tablee:sound",
  historyNotation: "tablee:history-notation",
  turnNotifications: "tablee:turn-notifications",
  devicePush: "tablee:device-push",
  signedIn: "tablee:signed-in",
  pushSentAt: "tablee:push-sent-at",
  roomCopies: "tablee:room-copies",
  profileTokens: "tablee:profile-tokens",
  roomOrder: "tablee:room-order",
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

function remove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage disabled: nothing was kept.
  }
}

export const loadLanguage = (): string | null => read(KEYS.language);
export const saveLanguage = (language: string): void => write(KEYS.language, language);

export const loadNickname = (): string => read(KEYS.nickname) ?? "";
export const saveNickname = (nickname: string): void => write(KEYS.nickname, nickname);

/** The storage keys of a room's tokens (a `storage` event names the key another tab changed). */
export const creatorTokenKey = (roomId: string): string => KEYS.creator(roomId);
export const seatTokensKey = (roomId: string): string => KEYS.seats(roomId);

export const loadCreatorToken = (roomId: string): string | null => read(KEYS.creator(roomId));
export function saveCreatorToken(roomId: string, token: string): void {
  if (read(KEYS.creator(roomId)) === token) return;
  write(KEYS.creator(roomId), token);
  noteRoomUsed(roomId);
  announceTokens();
}

/** How many rooms the order of use remembers: beyond, the oldest count as older than all of them. */
const ROOM_ORDER_KEPT = 1000;

/** The rooms in the order this device got a token of theirs, newest last (storage keys have no order of their own). */
function roomOrder(): string[] {
  try {
    const parsed: unknown = JSON.parse(read(KEYS.roomOrder) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === "string") : [];
  } catch {
    return [];
  }
}

function noteRoomUsed(roomId: string): void {
  write(KEYS.roomOrder, JSON.stringify([...roomOrder().filter((id) => id !== roomId), roomId].slice(-ROOM_ORDER_KEPT)));
}

/** Fired on `window` when this tab stores a token it did not hold: a signed-in profile keeps it (profile/profileSync). */
export const TOKENS_CHANGED = "tablee:tokens";
const announceTokens = (): void => void window.dispatchEvent(new Event(TOKENS_CHANGED));

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
  const held = loadSeatTokens(roomId);
  const tokens = held.filter((t) => t !== token);
  write(KEYS.seats(roomId), JSON.stringify([...tokens, token]));
  if (tokens.length !== held.length) return;
  noteRoomUsed(roomId);
  announceTokens();
}

/** Forgets seat tokens that hold no seat of the room (a seat freed in the lobby, a bad link). */
export function removeSeatTokens(roomId: string, unused: readonly string[]): void {
  write(KEYS.seats(roomId), JSON.stringify(loadSeatTokens(roomId).filter((t) => !unused.includes(t))));
}

/** Forgets these tokens, seat or creator, in `roomId`; a room left with none is no longer listed. */
export function dropTokens(roomId: string, tokens: ReadonlySet<string>): void {
  const seats = loadSeatTokens(roomId).filter((t) => !tokens.has(t));
  if (seats.length > 0) write(KEYS.seats(roomId), JSON.stringify(seats));
  else remove(KEYS.seats(roomId));
  const creator = loadCreatorToken(roomId);
  if (creator !== null && tokens.has(creator)) remove(KEYS.creator(roomId));
}

/** The tokens this device holds only because its signed-in profile sent them, as "<room id> <token>" (see profile/profileTokens.ts). */
export function loadProfileTokens(): string[] {
  try {
    const parsed: unknown = JSON.parse(read(KEYS.profileTokens) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((token): token is string => typeof token === "string") : [];
  } catch {
    return [];
  }
}
export const saveProfileTokens = (tokens: readonly string[]): void => (tokens.length > 0 ? write(KEYS.profileTokens, JSON.stringify(tokens)) : remove(KEYS.profileTokens));

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
  // Newest last (the order this device got their tokens): a request limited to a few hundred rooms sends the latest.
  const order = new Map(roomOrder().map((id, index) => [id, index]));
  return [...ids].sort((a, b) => (order.get(a) ?? -1) - (order.get(b) ?? -1)).map((roomId) => {
    const creatorToken = loadCreatorToken(roomId);
    return { roomId, seatTokens: loadSeatTokens(roomId).slice(-4), ...(creatorToken !== null && { creatorToken }) };
  });
}

/** Chat authors this device muted in a room (see `chatAuthorKey`). */
export function loadChatMuted(roomId: string): string[] {
  try {
    const parsed: unknown = JSON.parse(read(KEYS.chatMuted(roomId)) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((key): key is string => typeof key === "string") : [];
  } catch {
    return [];
  }
}
export const saveChatMuted = (roomId: string, keys: readonly string[]): void => write(KEYS.chatMuted(roomId), JSON.stringify(keys));

/** The id of the newest chat message this device has counted as read in a room (null: never opened here). */
export const loadChatRead = (roomId: string): string | null => {
  const id = read(KEYS.chatRead(roomId));
  return id !== null && /^\d+$/u.test(id) ? id : null;
};
export const saveChatRead = (roomId: string, id: string): void => write(KEYS.chatRead(roomId), id);

/** The nickname a spectator writes in chats with. */
export const loadChatName = (): string => read(KEYS.chatName) ?? read(KEYS.nickname) ?? "";
export const saveChatName = (name: string): void => write(KEYS.chatName, name);

/** Sound cues: on unless this device turned them off. */
/** The device's copies of the last rooms it showed (room/roomCopy.ts reads and writes them). */
export const loadRoomCopies = (): string | null => read(KEYS.roomCopies);
export const saveRoomCopies = (json: string): void => write(KEYS.roomCopies, json);

/** The game of a room this browser has opened: its code can be fetched before the room's socket says which. */
export const loadRoomGame = (roomId: string): string | null => read(KEYS.roomGame(roomId));
export const saveRoomGame = (roomId: string, gameId: string): void => {
  if (read(KEYS.roomGame(roomId)) !== gameId) write(KEYS.roomGame(roomId), gameId);
};

export const loadSoundOn = (): boolean => read(KEYS.sound) !== "off";
export const saveSoundOn = (on: boolean): void => write(KEYS.sound, on ? "on" : "off");

/** Whether the move history shows the games' notation rather than sentences (off by default). */
export const loadHistoryNotation = (): boolean => read(KEYS.historyNotation) === "on";
export const saveHistoryNotation = (on: boolean): void => write(KEYS.historyNotation, on ? "on" : "off");

/** "Tell me when it's my turn" (browser notifications while the tab is hidden), per device. */
export const loadTurnNotifications = (): boolean => read(KEYS.turnNotifications) === "on";
export const saveTurnNotifications = (on: boolean): void => write(KEYS.turnNotifications, on ? "on" : "off");

/** "Notify me on this device" (Web Push, even with the tab closed), per device. */
export const loadDevicePush = (): boolean => read(KEYS.devicePush) === "on";
export const saveDevicePush = (on: boolean): void => write(KEYS.devicePush, on ? "on" : "off");

/** Whether this browser signed in to a profile (the cookie itself is HttpOnly): guests never ask the server about profiles. */
export const loadSignedIn = (): boolean => read(KEYS.signedIn) === "yes";
export const saveSignedIn = (on: boolean): void => write(KEYS.signedIn, on ? "yes" : "no");
/** When this device's push subscription was last sent under its current sign-in (ms), null if not yet: the profile's invitations reach it. */
export const loadPushSentAt = (): number | null => {
  const at = Number(read(KEYS.pushSentAt) ?? Number.NaN);
  return Number.isFinite(at) ? at : null;
};
export const savePushSentAt = (at: number | null): void => write(KEYS.pushSentAt, at === null ? "" : String(at));

/** Copies every token this device holds for `fromRoomId` to `toRoomId` (the next game at the table keeps the seats' tokens). */
export function carryTokens(fromRoomId: string, toRoomId: string): void {
  for (const token of loadSeatTokens(fromRoomId)) addSeatToken(toRoomId, token);
  const creator = loadCreatorToken(fromRoomId);
  if (creator !== null) saveCreatorToken(toRoomId, creator);
}
