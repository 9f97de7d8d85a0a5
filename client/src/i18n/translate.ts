// The `_` every component translates with: svelte-i18n's, plus the values the French messages'
// name forms refer to (nameGrammar.ts). Import `_` from here, never from svelte-i18n (a unit test
// holds that), or "En attente de {name}" would lose its grammar.

import { derived, type Readable } from "svelte/store";
import { locale, _ as svelteFormat } from "svelte-i18n";
import { listIn, NAME_ARGUMENTS, nameForms } from "./nameGrammar";

export { locale } from "svelte-i18n";

type Formatter = typeof svelteFormat extends Readable<infer F> ? F : never;
type Options = NonNullable<Parameters<Formatter>[1]>;

/** "Ordinateur · " — the start of every computer's name in French, read from the dictionary. */
function computerPrefix(format: Formatter): string {
  const template = format("room.computerName", { locale: "fr" });
  const at = template.indexOf("{");
  return at > 0 ? template.slice(0, at) : "";
}

/** The caller's values, with every form of each name argument added, and lists of names written out in `language`. */
export function withNameForms(options: Options | undefined, prefix: string, language: string): Options | undefined {
  const values = options?.values;
  if (values === undefined) return options;
  const added: Record<string, string> = {};
  const listed: Record<string, string> = {};
  for (const argument of NAME_ARGUMENTS) {
    const value = values[argument];
    if (typeof value !== "string") continue;
    Object.assign(added, nameForms(argument, value, prefix));
    listed[argument] = listIn(value, language);
  }
  return { ...options, values: { ...added, ...values, ...listed } };
}

/** svelte-i18n's formatter, names given their French forms. Same signature, so `$_` reads the same. */
export const _: Readable<Formatter> = derived([svelteFormat, locale], ([format, current]): Formatter => {
  const prefix = computerPrefix(format);
  const language = current ?? "en";
  return (id, options) =>
    typeof id === "string"
      ? format(id, withNameForms(options, prefix, options?.locale ?? language))
      : format({ ...id, ...withNameForms(id, prefix, id.locale ?? language) }, options);
});
