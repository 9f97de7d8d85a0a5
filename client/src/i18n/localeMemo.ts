import { IntlMessageFormat } from "intl-messageformat";

/**
 * svelte-i18n makes one IntlMessageFormat per message with values, and each one asks
 * `IntlMessageFormat.resolveLocale`, which calls `Intl.NumberFormat.supportedLocalesOf`: a room's
 * first render spent more time there than in any other function of ours (a profile under a phone's
 * CPU). The answer depends on the locale tags only and an `Intl.Locale` cannot change, so it is
 * worked out once per tag list; for the languages Tablée speaks, whose data every browser has, it
 * is the tag itself (what resolveLocale answers for a supported tag), without asking ICU at all:
 * its first question loads ICU's number data, a long stall on a phone in the middle of the page's
 * start (see prepareNumberData for where that load happens instead).
 */
export function memoizeLocaleResolution(spoken: readonly string[] = ["en", "fr"]): void {
  const resolve = IntlMessageFormat.resolveLocale;
  const known = new Map<string, Intl.Locale | undefined>();
  IntlMessageFormat.resolveLocale = (locales: string | string[]): Intl.Locale | undefined => {
    const key = typeof locales === "string" ? locales : locales.join(",");
    if (!known.has(key)) {
      const first = typeof locales === "string" ? locales : locales[0];
      known.set(key, first !== undefined && spoken.includes(first) ? new Intl.Locale(first) : resolve(locales));
    }
    return known.get(key);
  };
}

/**
 * Loads ICU's number and plural data for `language` (a plural or a number in a message needs
 * them), in a task of its own: called when the page has nothing else to do, so the first screen
 * that counts (a card total, "3 tiles left") does not pay for it (issue 31: a phone's main thread).
 */
export function prepareNumberData(language: string, later: (then: () => void) => void = (then) => setTimeout(then, 0)): void {
  new Intl.PluralRules(language).select(1);
  // The number data in a task of its own too: both in one took a phone's main thread for over 50 ms.
  later(() => new Intl.NumberFormat(language).format(1));
}
