import { addMessages } from "svelte-i18n";
import { rewriteNameArguments } from "./nameGrammar";
import { typeset } from "./typography";

/** A dictionary (or part of one): nested objects of messages. */
export interface Messages {
  readonly [key: string]: string | Messages;
}

/**
 * A message as it is registered: French name arguments rewritten into their grammatical forms
 * (nameGrammar.ts), then the language's typography (typography.ts). Every dictionary goes through here,
 * so no message needs to be typed with narrow spaces or curly apostrophes.
 */
export function prepareMessage(language: string, message: string): string {
  return typeset(language, language === "fr" ? rewriteNameArguments(message) : message);
}

/** The dictionary with every message prepared for `language`. */
export function prepareMessages<T extends Messages>(language: string, messages: T): T {
  const prepared: Record<string, string | Messages> = {};
  for (const [key, value] of Object.entries(messages)) {
    prepared[key] = typeof value === "string" ? prepareMessage(language, value) : prepareMessages(language, value);
  }
  return prepared as T;
}

/** Registers dictionaries for `language` (svelte-i18n merges them): the only way texts enter the app. */
export function registerMessages(language: string, ...dictionaries: readonly Messages[]): void {
  for (const dictionary of dictionaries) addMessages(language, prepareMessages(language, dictionary));
}
