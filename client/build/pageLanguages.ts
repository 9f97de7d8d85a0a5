import type { Plugin } from "vite";
import { describedAs, INVITATIONS } from "./linkPreview";

/** The languages a page is also written in (index.html itself is English). */
export const PAGE_LANGUAGES = ["fr"] as const;
export type PageLanguage = (typeof PAGE_LANGUAGES)[number];

/**
 * What a page says of Tablée before its script runs, in each language: what a link's preview in a
 * messaging app shows when a friend sends a table's link, a search result, a screen reader's first
 * words (the script then sets the page's language to the player's own choice).
 */
const DESCRIPTIONS: Record<PageLanguage, string> = {
  fr: "Tablée\u202f: jouez à Qwirkle, Mahjong++, WHIS, Halma et Memoarr! entre amis, sur téléphone, tablette ou PC, ou contre l’ordinateur. Envoyez un lien, sans compte à créer.",
};

/** The page's file name in `language`: room-qwirkle.html → room-qwirkle.fr.html. */
export const pageFileIn = (fileName: string, language: PageLanguage): string => fileName.replace(/\.html$/u, `.${language}.html`);

/**
 * index.html (or a page made from it) in `language`: its `lang` and its description (and Open Graph
 * description, on a game's room page: `description` is then its invitation, linkPreview.ts).
 */
export function pageIn(html: string, language: PageLanguage, description: string = DESCRIPTIONS[language]): string {
  const withLanguage = html.replace(/<html lang="en"/u, `<html lang="${language}"`);
  const described = describedAs(withLanguage, description);
  if (withLanguage === html || described === withLanguage) throw new Error('a page has no <html lang="en"> or no description to write in another language');
  return described;
}

/**
 * Every page the server sends for a route (index.html, room.html, room-<game>.html) also as
 * <page>.<language>.html; the server picks by the browser's Accept-Language (server/http/client.ts).
 * After the room pages are made, before the compression plugin.
 */
export function pageLanguagesPlugin(gameNames: Readonly<Record<string, string>> = {}): Plugin {
  return {
    name: "tablee-page-languages",
    enforce: "post",
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type !== "asset" || !/^(index|room(-[a-z0-9-]+)?)\.html$/u.test(fileName)) continue;
        const html = typeof output.source === "string" ? output.source : new TextDecoder().decode(output.source);
        const game = gameNames[/^room-([a-z0-9-]+)\.html$/u.exec(fileName)?.[1] ?? ""];
        for (const language of PAGE_LANGUAGES) {
          const source = game === undefined ? pageIn(html, language) : pageIn(html, language, INVITATIONS[language](game));
          this.emitFile({ type: "asset", fileName: pageFileIn(fileName, language), source });
        }
      }
    },
  };
}
