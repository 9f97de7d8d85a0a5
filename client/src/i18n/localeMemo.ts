import { IntlMessageFormat } from "intl-messageformat";

/**
 * svelte-i18n makes one IntlMessageFormat per message with values, and each one asks
 * `IntlMessageFormat.resolveLocale`, which calls `Intl.NumberFormat.supportedLocalesOf`: a room's
 * first render spent more time there than in any other function of ours (a profile under a phone's
 * CPU). The answer depends on the locale tags only and an `Intl.Locale` cannot change, so it is
 * worked out once per tag list.
 */
export function memoizeLocaleResolution(): void {
  const resolve = IntlMessageFormat.resolveLocale;
  const known = new Map<string, Intl.Locale | undefined>();
  IntlMessageFormat.resolveLocale = (locales: string | string[]): Intl.Locale | undefined => {
    const key = typeof locales === "string" ? locales : locales.join(",");
    if (!known.has(key)) known.set(key, resolve(locales));
    return known.get(key);
  };
}
