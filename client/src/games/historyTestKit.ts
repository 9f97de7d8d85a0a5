// For the history sentences' tests: the real texts of a language, prepared and formatted as the app's
// i18n layer does (typography, French name forms).
import { IntlMessageFormat } from "intl-messageformat";
import { prepareMessages, type Messages } from "../i18n/register";
import { withNameForms } from "../i18n/translate";
import type { Translate } from "../lib/errors";
import { en } from "../i18n/en";
import { fr } from "../i18n/fr";
import { tableEn } from "../i18n/table.en";
import { tableFr } from "../i18n/table.fr";
import type { HistoryContext } from "./history";
import { playerColour } from "../room/seatColors";

type Tree = { readonly [key: string]: unknown };

/** Nested dictionaries merged key by key, later ones winning (svelte-i18n's addMessages). */
function merge(trees: readonly Tree[]): Tree {
  const out: Record<string, unknown> = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const before = out[key];
      const isTree = (v: unknown): v is Tree => typeof v === "object" && v !== null;
      out[key] = isTree(before) && isTree(value) ? merge([before, value]) : value;
    }
  }
  return out;
}

/** A translator over the shared dictionary of `language` plus a game's own; throws on a missing key. */
export function translator(language: "en" | "fr", ...dictionaries: readonly Tree[]): Translate {
  const messages = merge([...(language === "en" ? [en, tableEn] : [fr, tableFr]), ...dictionaries].map((tree) => prepareMessages(language, tree as Messages)));
  const computer = fr.room.computerName;
  const prefix = computer.slice(0, computer.indexOf("{"));
  return (id, options) => {
    const template = id.split(".").reduce<unknown>((node, key) => (node as Tree | undefined)?.[key], messages);
    if (typeof template !== "string") throw new Error(`no message ${id} in ${language}`);
    return new IntlMessageFormat(template, language).format(withNameForms(options, prefix, language)?.values ?? {}) as string;
  };
}

/** A context for seat `seat` of a table of Alice, Bruno, Chloé and Émile. */
export function contextFor(t: Translate, seat = 0): HistoryContext {
  const names = ["Alice", "Bruno", "Chloé", "Émile"];
  return { seat, t, name: (s) => names[s] ?? "?", colour: playerColour };
}
