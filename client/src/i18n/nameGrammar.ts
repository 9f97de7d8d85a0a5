// How a player's name sits in a French sentence, for every message at once: dictionaries write
// "En attente de {name}…" and read "En attente d’Alice…", "de Bruno", "de l’ordinateur Facile".
// register.ts rewrites the French messages' name arguments into the forms below (rewriteNameArguments);
// translate.ts supplies those forms' values at each call (nameForms), from the name the caller passed.

/** The message arguments that hold a player's name, or a list of them (`nameList`). */
export const NAME_ARGUMENTS = ["name", "names"] as const;

/** Between the names of a list: a character no nickname holds (LIMITS' names are printable). */
const LIST_SEPARATOR = "\u001f";

/**
 * Several names as one message argument: each takes its French form, and the list reads as the
 * player's language writes one ("Alice et Bruno", "Alice, Bruno and Carol"; `listIn`).
 */
export function nameList(names: readonly string[]): string {
  return names.join(LIST_SEPARATOR);
}

/** A name argument's value (one name, or a `nameList`) as a sentence of `language` lists it. */
export function listIn(value: string, language: string, each: (name: string) => string = (name) => name): string {
  const names = value.split(LIST_SEPARATOR).map(each);
  return names.length === 1 ? names[0]! : new Intl.ListFormat(language, { type: "conjunction" }).format(names);
}

/** Words that elide before a vowel: "de Alice" → "d’Alice", "que Alice" → "qu’Alice". */
const ELIDING = { de: "d’", que: "qu’" } as const;
type ElidingWord = keyof typeof ELIDING;

/** The forms each name argument gets; `{name__de}` in a French message reads "d’Alice" / "de Bruno". */
type Form = "start" | "in" | ElidingWord | Capitalize<ElidingWord>;

const formArgument = (argument: string, form: Form): string => `${argument}__${form}`;

function capitalise(text: string): string {
  return text.charAt(0).toLocaleUpperCase("fr") + text.slice(1);
}

/**
 * Whether a French word elides before this text: a vowel, a (mute, as in first names) h, or a y
 * sounding as a vowel ("d’Yves"), not one before a vowel ("de Yasmine", "de Yann").
 */
function startsWithVowelSound(text: string): boolean {
  return /^(?:[aeiouh]|y(?![aeiou]))/iu.test(text.normalize("NFD"));
}

/**
 * One name as it reads inside a French sentence. The computer is a thing, not a person: it takes the
 * article, and its level follows as a name does ("l’ordinateur Facile #2"), which `computerPrefix`
 * ("Ordinateur · ") recognises. The chip's middle dot stays out of the sentence: in running French
 * « l’ordinateur · Facile a posé » read as a typo (or as inclusive writing's dot).
 */
function inSentence(name: string, computerPrefix: string): string {
  if (computerPrefix === "" || !name.startsWith(computerPrefix)) return name;
  const word = computerPrefix.replace(/[\s·]+$/u, "");
  return `l’${word.charAt(0).toLocaleLowerCase("fr")}${word.slice(1)} ${name.slice(computerPrefix.length)}`;
}

/** Every form of a (list of) name(s): the values a rewritten French message refers to. */
export function nameForms(argument: string, value: string, computerPrefix: string): Record<string, string> {
  // In a list ("Alice et l’ordinateur Facile") each name takes its article.
  const text = listIn(value, "fr", (name) => inSentence(name, computerPrefix));
  const forms: Record<string, string> = {
    [formArgument(argument, "in")]: text,
    [formArgument(argument, "start")]: capitalise(text),
  };
  for (const [word, elided] of Object.entries(ELIDING)) {
    const form = startsWithVowelSound(text) ? `${elided}${text}` : `${word} ${text}`;
    forms[formArgument(argument, word as ElidingWord)] = form;
    forms[formArgument(argument, capitalise(word) as Capitalize<ElidingWord>)] = capitalise(form);
  }
  return forms;
}

/**
 * A French message with its name arguments rewritten into forms: "de {name}" → "{name__de}" ("De {name}"
 * → "{name__De}"), a name opening a sentence → "{name__start}" (the article capitalised: "L’ordinateur"),
 * any other → "{name__in}".
 */
export function rewriteNameArguments(message: string): string {
  let out = message;
  for (const argument of NAME_ARGUMENTS) {
    // Most messages name nobody: every dictionary passes here at a page's start (issue 31).
    if (!out.includes(`{${argument}}`)) continue;
    const simple = `\\{${argument}\\}`;
    for (const word of Object.keys(ELIDING)) {
      // The word on its own (not the end of "monde"), by the character before it: no lookbehind, which
      // Safari before 16.4 throws on.
      const before = new RegExp(`(^|[^\\p{L}])(${word}|${capitalise(word)}) ${simple}`, "gu");
      out = out.replace(before, (_match, start: string, written: string) => `${start}{${formArgument(argument, written as Form)}}`);
    }
    out = out.replace(new RegExp(`(^|[.!?…]\\s+)${simple}`, "gu"), `$1{${formArgument(argument, "start")}}`);
    out = out.replace(new RegExp(simple, "gu"), `{${formArgument(argument, "in")}}`);
  }
  return out;
}
