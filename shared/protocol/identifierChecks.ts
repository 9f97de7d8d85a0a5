import { LIMITS } from "./limits";
import { isNameText } from "./textChecks";

/**
 * The protocol's identifiers as plain checks, without zod: the web client cleans its stored seats
 * and checks a name with these on its first load. identifiers.ts builds the schemas the server
 * checks with from the same patterns and limits (identifierChecks.test.ts holds both to the same
 * answers).
 */
export const ROOM_ID_PATTERN = /^[A-Za-z0-9_-]{16,64}$/u;
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/u;

/** The most a nickname may be as sent, before trimming (a huge string is refused before any work). */
export const NICKNAME_RAW_MAX = 200;

export const isRoomId = (value: unknown): value is string => typeof value === "string" && value.length <= LIMITS.roomIdMax && ROOM_ID_PATTERN.test(value);
export const isToken = (value: unknown): value is string => typeof value === "string" && value.length <= LIMITS.tokenMax && TOKEN_PATTERN.test(value);

/** A player's name: 1–24 characters after trimming, one line, something visible. */
export const isNickname = (value: unknown): value is string => typeof value === "string" && isNameText(value, LIMITS.nicknameMax, NICKNAME_RAW_MAX);
