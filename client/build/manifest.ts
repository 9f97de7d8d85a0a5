import { en } from "../src/i18n/en";
import { fr } from "../src/i18n/fr";
import { typeset } from "../src/i18n/typography";

/** The languages the web app manifest is written in (one file each: a manifest has one language). */
export const MANIFEST_LANGUAGES = ["en", "fr"] as const;
export type ManifestLanguage = (typeof MANIFEST_LANGUAGES)[number];

/** Where each language's manifest is served; /manifest.webmanifest picks one by Accept-Language. */
export const manifestFile = (language: ManifestLanguage): string => `manifest.${language}.webmanifest`;

/** The app's colours: the header's green (the title bar of the installed app) and the page's ground. */
export const THEME_COLOR = "#2f5d50";
export const BACKGROUND_COLOR = "#f6f1e7";

/** The icons of client/public/icons (made by scripts/pwa-icons.ts): what the manifest lists. */
export const MANIFEST_ICONS = [
  { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
  { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
  { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
] as const;

/**
 * The web app manifest in one language. The name is the brand, "Tablée", in both (it reads well in
 * either); the description is the home page's tagline from that language's dictionary. `id` is
 * fixed so both files describe the same installed app.
 */
export function webManifest(language: ManifestLanguage): Record<string, unknown> {
  const dictionary = language === "fr" ? fr : en;
  return {
    id: "/",
    name: dictionary.app.title,
    short_name: dictionary.app.title,
    description: typeset(language, dictionary.app.tagline), // as the home page shows it (French spacing)
    lang: language,
    dir: "ltr",
    start_url: "/",
    scope: "/",
    display: "standalone",
    orientation: "any",
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ["games", "entertainment"],
    icons: MANIFEST_ICONS,
  };
}
