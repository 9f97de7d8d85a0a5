import { init, locale } from "svelte-i18n";
import { en } from "./en";
import { fr } from "./fr";
import { tableEn } from "./table.en";
import { tableFr } from "./table.fr";
import { slowEn } from "./slow.en";
import { slowFr } from "./slow.fr";
import { historyEn } from "./history.en";
import { historyFr } from "./history.fr";
import { loadLanguage, saveLanguage } from "../lib/storage";
import { memoizeLocaleResolution } from "./localeMemo";
import { registerMessages, showMessagesOf } from "./register";

export const LANGUAGES = ["fr", "en"] as const;
export type Language = (typeof LANGUAGES)[number];

function isLanguage(value: string | null | undefined): value is Language {
  return value === "fr" || value === "en";
}

/** The saved choice wins; otherwise the browser's first preferred language we speak; otherwise English. */
function initialLanguage(): Language {
  const saved = loadLanguage();
  if (isLanguage(saved)) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.slice(0, 2).toLowerCase();
    if (isLanguage(base)) return base;
  }
  return "en";
}

/** Registers the dictionaries synchronously (they are small) so the first render is already translated. */
export function setupI18n(): void {
  memoizeLocaleResolution();
  const language = initialLanguage();
  // Only this language's texts are prepared now; the other's when the player switches (register.ts).
  showMessagesOf(language);
  // pwa.*.ts (the offline page's texts) are added by that page, a chunk of its own; the profile's and
  // the friends' by theirs (profile/profileMessages.ts).
  registerMessages("en", en, tableEn, slowEn, historyEn);
  registerMessages("fr", fr, tableFr, slowFr, historyFr);
  init({ fallbackLocale: "en", initialLocale: language });
  showLanguage(language);
}

export function setLanguage(language: Language): void {
  showMessagesOf(language);
  locale.set(language);
  saveLanguage(language);
  showLanguage(language);
}

/**
 * The page's language, and the manifest in it: the app's own choice wins over the browser's
 * Accept-Language, which /manifest.webmanifest (the link as served) goes by. The files are written
 * at build by client/build/manifest.ts; both describe the same app (same id).
 */
function showLanguage(language: Language): void {
  document.documentElement.lang = language;
  document.querySelector('link[rel="manifest"]')?.setAttribute("href", `/manifest.${language}.webmanifest`);
}

/** Narrows svelte-i18n's locale (string | null | undefined) to one of ours. */
export function toLanguage(value: string | null | undefined): Language {
  return isLanguage(value) ? value : "en";
}
