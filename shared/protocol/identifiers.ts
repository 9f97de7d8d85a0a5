import { LIMITS } from "./limits";
import { displayText, wireString } from "./strings";

/** A player's name: 1–24 characters after trimming, one line, something visible (200 before trimming). */
export const nicknameSchema = displayText("nickname", LIMITS.nicknameMax, 200);

export const roomIdSchema = wireString(LIMITS.roomIdMax, "room id").regex(/^[A-Za-z0-9_-]{16,64}$/u, "not a room id");
export const tokenSchema = wireString(LIMITS.tokenMax, "token").regex(/^[A-Za-z0-9_-]{16,128}$/u, "not a token");
