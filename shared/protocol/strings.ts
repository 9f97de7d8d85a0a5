import { z } from "zod";
import { CONTROL_CHARS, hasBidiControl, hasHiddenCharacter, hasVisibleCharacter, isWellFormedText } from "./textChecks";

/**
 * The strings a client sends, checked once at the boundary. Every string of the protocol is built
 * from `wireString`, so none reaches the room code, the database or another player unless it is
 * well-formed UTF-16 without bidirectional controls; names and chat text (`displayText`) must also
 * show something. The checks themselves are in textChecks.ts, free of zod for the web client's
 * first load.
 */

/**
 * The one string schema of the protocol: at most `max` UTF-16 units, well-formed, no bidirectional
 * control. `what` names the field in the refusal ("nickname is not well-formed…"); `tooLong`
 * replaces the length refusal. Chain `.regex` for ids and tokens. Marked free of side effects for
 * the web client's bundler: a schema built from it and never used (chat.ts's, say, in a page that
 * needs only the chat's limits) is left out with zod.
 */
/* @__NO_SIDE_EFFECTS__ */
export function wireString(max: number, what = "the text", tooLong = `${what} is longer than ${max} characters`): z.ZodString {
  return z
    .string()
    .max(max, tooLong)
    .refine(isWellFormedText, `${what} is not well-formed UTF-16 (a lone surrogate)`)
    .refine((s) => !hasBidiControl(s), `${what} has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)`);
}

/**
 * Text people read: a nickname, a chat message. Trimmed; then 1–`max` characters, one line, at least
 * one of them visible. `rawMax` refuses a huge string before it is trimmed. (No side effects: see wireString.)
 */
/* @__NO_SIDE_EFFECTS__ */
export function displayText(what: string, max: number, rawMax: number) {
  return wireString(rawMax, what, `${what} is longer than ${max} characters`)
    .transform((s) => s.trim())
    .pipe(
      z
        .string()
        .min(1, `${what} is empty`)
        .max(max, `${what} is longer than ${max} characters`)
        .refine((s) => !CONTROL_CHARS.test(s), `${what} has control characters`)
        .refine(hasVisibleCharacter, `${what} has no visible character`),
    );
}

/**
 * A name (a nickname, a profile's display name): display text with no character that shows nothing
 * (textChecks.ts's hasHiddenCharacter), so no two names read the same. Chat text may keep one (a soft
 * hyphen pasted with a sentence): its author is named beside it.
 */
export function nameText(what: string, max: number, rawMax: number) {
  return displayText(what, max, rawMax).refine((s) => !hasHiddenCharacter(s), `${what} has an invisible character (a zero width space, a filler…)`);
}
