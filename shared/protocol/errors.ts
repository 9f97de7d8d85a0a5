/**
 * Platform error codes sent to clients as `{ code, message, rule? }`. `RULE_VIOLATION` carries the
 * game's own rule code in `rule` (e.g. 'NOT_CONNECTED'). The client translates codes; `message` is
 * an English fallback for third-party clients and logs.
 */
export const ERROR_CODES = [
  "BAD_REQUEST", // the payload failed its schema
  "UNKNOWN_GAME",
  "BAD_OPTIONS",
  "ROOM_NOT_FOUND",
  "SEAT_NOT_FOUND",
  "SEAT_TAKEN",
  "NOT_CREATOR",
  "NOT_YOUR_SEAT", // the seat token does not belong to that seat of that room
  "ALREADY_STARTED",
  "NOT_STARTED",
  "PAUSED", // the game is saved and paused; resume it first
  "NOT_ENOUGH_PLAYERS",
  "TOO_EARLY", // take-over: that player has not been away for the room's delay yet
  "BAD_SEAT_COUNT", // the game cannot be played with this many players (Halma: 2 or 4)
  "NO_SUCH_BOT",
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "BAD_MOVE", // the move failed the game's move schema
  "RULE_VIOLATION",
  "CONFLICT", // someone else's write won; reload and retry
  "UNAVAILABLE", // the database is unreachable; nothing changed
  "IN_DOUBT", // the database did not confirm whether the change was made: resend it under the same move id
  "TABLE_CHANGED", // a resent move: the game moved on since it was chosen, and it was not played
  "RATE_LIMITED",
  "RESTARTING", // server:error only: this server is restarting; events sent before this notice are answered, then reconnect
  "NOT_WATCHING", // chat: watch the room first
  "CHAT_MUTED", // the creator muted this seat's chat
  "CHAT_OFF", // the creator turned spectator chat off
  "NICKNAME_NEEDED", // chat: a spectator writes with a nickname
  "GAME_NOT_OVER", // play again: the game is still on
  "NOT_SIGNED_IN", // profiles: this browser has no live session (signed out, expired or deleted)
  "PASSKEY_REFUSED", // profiles: the passkey's answer did not verify (wrong origin, challenge used or expired, bad signature)
  "PASSKEY_CHECK_NEEDED", // profiles: this change needs a passkey proof within 10 minutes (POST /api/profile/check first)
  "LINK_EXPIRED", // profiles: a one-time sign-in link already used or too old
  "LAST_PASSKEY", // profiles: the only passkey of a profile cannot be removed (delete the profile instead)
  "NO_SUCH_PERSON", // friends: the handle names nobody this profile may act on (never played together, or gone)
  "FRIEND_SELF", // friends: a profile cannot befriend or invite itself
  "ALREADY_ASKED", // friends: a request to that person is already waiting for their answer
  "ALREADY_FRIENDS", // friends: already friends
  "NOT_ASKED", // friends: no request from that person is waiting for your answer
  "NOT_FRIENDS", // friends: that person is not your friend (invite, remove)
  "NOT_AT_TABLE", // friends: inviting to a room needs a seat or the creator token of it
  "NOT_INVITED", // friends: this invitation is not yours, or not to this room
  "NO_FREE_SEAT", // friends: the table has no open seat (full, or the game started)
  "TOO_MANY_FRIENDS", // friends: a profile keeps at most LIMITS.friendsMax friends and requests
  "CROSS_SITE", // a state-changing request from another site's page (Origin / Sec-Fetch-Site)
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface WireError {
  readonly code: ErrorCode;
  readonly message: string;
  readonly rule?: string;
}

/** Typed failure that room code throws and the socket layer turns into a WireError. */
export class TableeError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly rule?: string,
  ) {
    super(message);
    this.name = "TableeError";
  }

  toWire(): WireError {
    return this.rule === undefined ? { code: this.code, message: this.message } : { code: this.code, message: this.message, rule: this.rule };
  }
}
