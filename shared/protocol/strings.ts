import { z } from "zod";

/**
 * The strings a client sends, checked once at the boundary. Every string of the protocol is built
 * from `wireString`, so none reaches the room code, the database or another player unless it is
 * well-formed UTF-16 without bidirectional controls; names and chat text (`displayText`) must also
 * show something.
 */

/**
 * A lone UTF-16 surrogate. In a `u` regex a well-formed pair is one code point (not a surrogate),
 * so only an unpaired half matches. Written by hand rather than `String.prototype.isWellFormed`:
 * that is ES2024 (this folder compiles with the ES2022 lib) and the client runs it in browsers older
 * than the method too. JSON and Postgres refuse such a string, so letting one in made every write of
 * its room fail (issue 32).
 */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): they reorder the
 * text around them, so a name could show reversed, or spill its direction into the next name. The
 * marks U+200E/U+200F stay: they only settle the neutral characters next to them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/u;

/** Control characters (C0, DEL, C1) and line/paragraph separators: a name or a message is one line. */
const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * A character that shows something: not a space, not a default-ignorable or format character
 * (U+200B zero width space, U+3164 Hangul filler, joiners, variation selectors…), not a control,
 * not a combining mark on its own, not the blank braille pattern U+2800 (drawn as a space).
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]/u;

/** Whether `s` is well-formed UTF-16: no surrogate without its other half. */
export function isWellFormedText(s: string): boolean {
  return !LONE_SURROGATE.test(s);
}

/** Whether `s` has a bidirectional embedding, override or isolate. */
export function hasBidiControl(s: string): boolean {
  return BIDI_CONTROLS.test(s);
}

/** Whether `s` has at least one character that shows (see VISIBLE). */
export function hasVisibleCharacter(s: string): boolean {
  return VISIBLE.test(s);
}

/**
 * The one string schema of the protocol: at most `max` UTF-16 units, well-formed, no bidirectional
 * control. `what` names the field in the refusal ("nickname is not well-formed…"); `tooLong`
 * replaces the length refusal. Chain `.regex` for ids and tokens.
 */
export function wireString(max: number, what = "the text", tooLong = `${what} is longer than ${max} characters`): z.ZodString {
  return z
    .string()
    .max(max, tooLong)
    .refine(isWellFormedText, `${what} is not well-formed UTF-16 (a lone surrogate)`)
    .refine((s) => !hasBidiControl(s), `${what} has bidirectional control characters (U+202A–U+202E, U+2066–U+2069)`);
}

/**
 * Text people read: a nickname, a chat message. Trimmed; then 1–`max` characters, one line, at least
 * one of them visible. `rawMax` refuses a huge string before it is trimmed.
 */
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
