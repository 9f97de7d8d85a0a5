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

/**
 * The language the page shows, once the app has started (null before, and in tests: every language
 * is then registered at once). Another language's dictionaries wait, raw, until it is shown:
 * preparing and merging them cost a phone's start as much as the shown one's, for texts that a
 * player who never switches never reads.
 */
let shown: string | null = null;
const waiting = new Map<string, Messages[]>();

/**
 * Registers dictionaries for `language` (svelte-i18n merges them): the only way texts enter the app.
 * Give all of a language's dictionaries in one call: each call merges the whole dictionary anew.
 */
export function registerMessages(language: string, ...dictionaries: readonly Messages[]): void {
  if (shown !== null && language !== shown) {
    waiting.set(language, [...(waiting.get(language) ?? []), ...dictionaries]);
    return;
  }
  addMessages(language, ...dictionaries.map((dictionary) => prepareMessages(language, dictionary)));
}

/** From now on `language` is shown: its waiting dictionaries are registered first, other languages' wait. */
export function showMessagesOf(language: string): void {
  shown = language;
  const pending = waiting.get(language);
  waiting.delete(language);
  if (pending !== undefined) registerMessages(language, ...pending);
}
