import { NICKNAME_RAW_MAX, ROOM_ID_PATTERN, TOKEN_PATTERN } from "./identifierChecks";
import { LIMITS } from "./limits";
import { nameText, wireString } from "./strings";

/** A player's name: 1–24 characters after trimming, one line, something visible (200 before trimming). */
export const nicknameSchema = nameText("nickname", LIMITS.nicknameMax, NICKNAME_RAW_MAX);

export const roomIdSchema = wireString(LIMITS.roomIdMax, "room id").regex(ROOM_ID_PATTERN, "not a room id");
export const tokenSchema = wireString(LIMITS.tokenMax, "token").regex(TOKEN_PATTERN, "not a token");
/** A seat token a client chose itself: as long as the server's own (32 random bytes in base64url). */
export const chosenTokenSchema = wireString(43, "seat token").regex(/^[A-Za-z0-9_-]{43}$/u, "not a seat token of 32 random bytes");
