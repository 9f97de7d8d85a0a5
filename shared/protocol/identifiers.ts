import { NICKNAME_RAW_MAX, ROOM_ID_PATTERN, TOKEN_PATTERN } from "./identifierChecks";
import { LIMITS } from "./limits";
import { nameText, wireString } from "./strings";

/** A player's name: 1–24 characters after trimming, one line, something visible (200 before trimming). */
export const nicknameSchema = nameText("nickname", LIMITS.nicknameMax, NICKNAME_RAW_MAX);

export const roomIdSchema = wireString(LIMITS.roomIdMax, "room id").regex(ROOM_ID_PATTERN, "not a room id");
export const tokenSchema = wireString(LIMITS.tokenMax, "token").regex(TOKEN_PATTERN, "not a token");
