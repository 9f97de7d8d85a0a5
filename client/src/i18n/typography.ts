// Typography applied to every message when it is registered (register.ts), so dictionaries are written
// with ordinary keyboard characters and still read as typeset text. Only the literal text of an ICU
// message is touched: argument syntax ({n, plural, one {…}}) is copied as is.

/** U+202F, the narrow no-break space French puts before : ; ! ? and inside « ». */
export const NARROW_NBSP = "\u202F";

/** Names that end with punctuation of their own ("Memoarr!"): no space is put before it. */
const PUNCTUATED_NAMES = ["Memoarr!"] as const;

const HIGH_PUNCTUATION = new Set([":", ";", "!", "?"]);
const SPACES = new Set([" ", "\u00A0", NARROW_NBSP]);
// What may follow a punctuation mark that ends a clause (anything else — "e1:f1", "?x=1", "10:30" — is not prose).
const CLAUSE_END = /^$|^[\s»)\]"’'.,…:;!?}]/u;

/**
 * Which characters of an ICU message are literal text. Braces alternate between argument syntax
 * (odd depth: `{name}`, `{n, plural, …`) and text again inside a plural/select option (even depth).
 */
function textMask(message: string): boolean[] {
  const mask: boolean[] = [];
  let depth = 0;
  for (const char of message) {
    if (char === "{") {
      depth += 1;
      mask.push(false);
    } else if (char === "}") {
      depth -= 1;
      mask.push(false);
    } else {
      mask.push(depth % 2 === 0);
    }
  }
  return mask;
}

function trimTrailingSpaces(out: string[]): void {
  while (out.length > 0 && SPACES.has(out[out.length - 1] ?? "")) out.pop();
}

function endsWithPunctuatedName(out: readonly string[], mark: string): boolean {
  const before = out.join("");
  return PUNCTUATED_NAMES.some((name) => name.endsWith(mark) && before.endsWith(name.slice(0, -1)));
}

/** The typographic apostrophe for the straight one, in any language. */
function curlApostrophes(message: string): string {
  const mask = textMask(message);
  return [...message].map((char, index) => (mask[index] === true && char === "'" ? "’" : char)).join("");
}

/** French spacing: a narrow no-break space before : ; ! ? (replacing any space there) and inside « ». */
function frenchSpacing(message: string): string {
  const chars = [...message];
  const mask = textMask(message);
  const out: string[] = [];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index] ?? "";
    if (mask[index] !== true) {
      out.push(char);
    } else if (char === "«") {
      out.push("«", NARROW_NBSP);
      while (SPACES.has(chars[index + 1] ?? "") && mask[index + 1] === true) index += 1;
    } else if (char === "»") {
      trimTrailingSpaces(out);
      out.push(NARROW_NBSP, "»");
    } else if (HIGH_PUNCTUATION.has(char) && spaceBefore(out, char, chars[index + 1] ?? "")) {
      trimTrailingSpaces(out);
      out.push(NARROW_NBSP, char);
    } else {
      out.push(char);
    }
  }
  return out.join("");
}

/** Whether this : ; ! ? ends a clause of prose (and so takes the space), given what precedes and follows. */
function spaceBefore(out: readonly string[], mark: string, next: string): boolean {
  const previous = out[out.length - 1] ?? "";
  if (SPACES.has(previous)) return true; // "Niveau : x" — the space is there, only its kind changes
  if (!CLAUSE_END.test(next)) return false;
  if (HIGH_PUNCTUATION.has(previous)) return false; // "?!" takes one space, before the first
  return !endsWithPunctuatedName(out, mark);
}

/**
 * A verb joined to the pronoun after it ("glissez-la", "dites-le", "a-t-il"): a word joiner after the
 * hyphen, so a line never breaks there (it read "glissez-" at a line's end, "la sur le plateau" under it).
 */
// No lookbehind: Safari before 16.4 refuses the whole script that holds one.
const PRONOUN_HYPHEN = /(\p{L})-(?=(?:la|le|les|lui|leur|moi|toi|nous|vous|en|y|t|il|elle|ils|elles|on)(?!\p{L}))/gu;
export const WORD_JOINER = "\u2060";

/** The characters typesetting may change: a message without any is already as it should read. */
const TYPESET = { en: /'/u, fr: /['«»:;!?]/u };

/** A message as the player should read it in `language`. */
export function typeset(language: string, given: string): string {
  const message = language === "fr" && given.includes("-") ? given.replace(PRONOUN_HYPHEN, `$1-${WORD_JOINER}`) : given;
  // Most messages have nothing to typeset: every dictionary passes here at a page's start (issue 31).
  if (!(language === "fr" ? TYPESET.fr : TYPESET.en).test(message)) return message;
  const curled = curlApostrophes(message);
  return language === "fr" ? frenchSpacing(curled) : curled;
}
