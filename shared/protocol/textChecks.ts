/**
 * The checks behind the protocol's strings (strings.ts builds its zod schemas from them), without
 * zod: the web client checks a name before sending it with these, and its first load carries no
 * zod schema of the protocol.
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
export const CONTROL_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * A character that shows something: not a space, not a default-ignorable or format character
 * (U+200B zero width space, U+3164 Hangul filler, joiners, variation selectors…), not a control,
 * not a combining mark on its own, not the blank braille pattern U+2800 (drawn as a space).
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]/u;

/**
 * Characters that draw nothing and join nothing, so "Alice" + U+200B looks like "Alice" but is
 * another name (another row of the score list, someone else at the table): zero width space, word
 * joiner and invisible operators, BOM, soft hyphen, combining grapheme joiner, Hangul fillers, Khmer
 * inherent vowels, Mongolian selectors, the blank braille pattern, deprecated format characters,
 * musical formatting, the bidirectional marks (LRM, RLM, ALM), and tag characters anywhere but in a
 * flag's sequence (🏴 + tags). The joiners (U+200C/U+200D) and variation selectors only where emoji
 * and scripts need them: not first, not after a Latin, Greek or Cyrillic letter, a digit, punctuation
 * or a space (where they change nothing), and a joiner not last.
 */
const ALWAYS_HIDDEN =
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b\u200e\u200f\u2060-\u2064\u206a-\u206f\u2800\u3164\ufeff\uffa0\u{1d173}-\u{1d17a}]/u;
const TAG = /[\u{e0000}-\u{e007f}]/u;
const IN_A_FLAG = /[\u{1f3f4}\u{e0020}-\u{e007f}]/u; // what a tag may follow: the black flag, another tag
const JOINING = /[\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;
const JOINS_NOTHING = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}\p{P}\p{Zs}]/u; // what a joiner after changes nothing
const JOINER_LAST = /[\u200c\u200d]$/u;
const TAG_OR_JOINING = /[\u{e0000}-\u{e007f}\u200c\u200d\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/u;

/**
 * Whether `s` holds a character that shows nothing and joins nothing (see ALWAYS_HIDDEN and above).
 * Each character is read with the one before it, not with a lookbehind: Safari before 16.4 throws on
 * a regular expression that holds one, and the client's first script builds this one at its start.
 */
export function hasHiddenCharacter(s: string): boolean {
  if (ALWAYS_HIDDEN.test(s) || JOINER_LAST.test(s)) return true;
  if (!TAG_OR_JOINING.test(s)) return false;
  let previous: string | null = null;
  for (const char of s) {
    if (TAG.test(char) && (previous === null || !IN_A_FLAG.test(previous))) return true;
    if (JOINING.test(char) && (previous === null || JOINS_NOTHING.test(previous))) return true;
    previous = char;
  }
  return false;
}

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
 * Whether `s` passes `displayText(what, max, rawMax)` of strings.ts: at most `rawMax` units as
 * sent, well-formed, no bidirectional control; trimmed, 1–`max` characters, one line, something
 * visible. (identifierChecks.test.ts holds the two to the same answers, on nicknames.)
 */
export function isDisplayText(s: string, max: number, rawMax: number): boolean {
  if (!withinLength(s, rawMax) || !isWellFormedText(s) || hasBidiControl(s)) return false;
  const trimmed = s.trim();
  return trimmed.length >= 1 && withinLength(trimmed, max) && !CONTROL_CHARS.test(trimmed) && hasVisibleCharacter(trimmed);
}

/** Whether `s` passes `nameText` of strings.ts: display text with nothing hidden in it. */
export function isNameText(s: string, max: number, rawMax: number): boolean {
  return isDisplayText(s, max, rawMax) && !hasHiddenCharacter(s.trim());
}

/**
 * Whether `s` has at most `max` characters as zod's `.max` counts them: code points (an emoji or a
 * letter outside the BMP is one), counted only when the UTF-16 length is over. The property test
 * found the difference: a name of 24 code points and 25 units, accepted by the server, was refused
 * here when this counted units.
 */
function withinLength(s: string, max: number): boolean {
  return s.length <= max || [...s].length <= max;
}
