// Every text of the app — shared dictionaries, table/slow/pwa parts, every game's messages and home
// card — in both languages, checked as the player reads it: registered through the i18n layer
// (register.ts) and formatted through translate.ts's `_`, with names such as "Alice", "Bruno" and a
// computer, every plural branch and every select option.

import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { get } from "svelte/store";
import { init } from "svelte-i18n";
import { describe, expect, it } from "vitest";
import { keys } from "./keys";
import { NAME_ARGUMENTS } from "./nameGrammar";
import { registerMessages, type Messages } from "./register";
import { _ } from "./translate";
import { en } from "./en";
import { fr } from "./fr";

type Pair = { readonly source: string; readonly en: Messages; readonly fr: Messages };

/** en/fr pairs: the shared dictionaries, the other `*.en.ts`/`*.fr.ts` parts, each game's texts and card. */
function dictionaryPairs(): Pair[] {
  const pairs: Pair[] = [{ source: "i18n/en.ts + fr.ts", en, fr }];
  const parts = import.meta.glob<Record<string, Messages>>("./*.{en,fr}.ts", { eager: true });
  for (const [path, module] of Object.entries(parts)) {
    if (!path.endsWith(".en.ts")) continue;
    const french = parts[path.replace(/\.en\.ts$/u, ".fr.ts")];
    const english = Object.values(module)[0];
    if (french === undefined || english === undefined) throw new Error(`${path} has no French part`);
    pairs.push({ source: path, en: english, fr: Object.values(french)[0] as Messages });
  }
  const games = import.meta.glob<{ en?: Messages; fr?: Messages; card?: { en: Messages; fr: Messages } }>(
    ["../games/*/messages.ts", "../games/*/card.ts"],
    { eager: true },
  );
  for (const [path, module] of Object.entries(games)) {
    const pair = module.card ?? module;
    if (pair.en === undefined || pair.fr === undefined) throw new Error(`${path} exports no en/fr texts`);
    pairs.push({ source: path, en: pair.en, fr: pair.fr });
  }
  return pairs;
}

const PAIRS = dictionaryPairs();
for (const pair of PAIRS) {
  registerMessages("en", pair.en);
  registerMessages("fr", pair.fr);
}
init({ fallbackLocale: "en", initialLocale: "fr" });

/** Names a sentence must take right whatever they start with. */
const NAMES: Readonly<Record<string, readonly string[]>> = {
  en: ["Alice", "Bruno", "Computer · Easy"],
  fr: ["Alice", "Bruno", "Ordinateur · Facile"],
};

/** Arguments that hold a count: a plain `{n}` before a noun must agree with 0 and 1 too (« 1 seconde »). */
const COUNT_ARGUMENTS: readonly string[] = ["n", "count"];

function message(dictionary: Messages, key: string): string {
  const value = key.split(".").reduce<string | Messages | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), dictionary);
  if (typeof value !== "string") throw new Error(`${key} is not a message`);
  return value;
}

type Values = Record<string, string | number>;

/** Every combination of values the message's arguments call for: each name, each plural and select branch. */
function valueSets(elements: readonly MessageFormatElement[], language: string): Values[] {
  let sets: Values[] = [{}];
  const vary = (name: string, choices: readonly (string | number)[]): void => {
    sets = sets.flatMap((set) => (name in set ? [set] : choices.map((choice) => ({ ...set, [name]: choice }))));
  };
  const walk = (nodes: readonly MessageFormatElement[]): void => {
    for (const node of nodes) {
      if (node.type === TYPE.plural) vary(node.value, [0, 1, 2]);
      else if (node.type === TYPE.number) vary(node.value, [3]);
      else if (node.type === TYPE.select) vary(node.value, Object.keys(node.options));
      else if (node.type === TYPE.argument && COUNT_ARGUMENTS.includes(node.value)) vary(node.value, [1, 2]);
      else if (node.type === TYPE.argument) vary(node.value, (NAME_ARGUMENTS as readonly string[]).includes(node.value) ? (NAMES[language] ?? []) : ["Bzz"]);
      if (node.type === TYPE.plural || node.type === TYPE.select) for (const option of Object.values(node.options)) walk(option.value);
    }
  };
  walk(elements);
  return sets;
}

/** Every text the player may read for this key, in this language. */
function renderings(dictionary: Messages, key: string, language: string): string[] {
  const format = get(_);
  const sets = valueSets(parse(message(dictionary, key), { ignoreTag: true }), language);
  return sets.map((values) => format(key, { locale: language, values }));
}

const FRENCH_KEYS = PAIRS.flatMap((pair) => keys(pair.fr).map((key) => [pair.source, key] as const));
const ALL_KEYS = PAIRS.flatMap((pair) =>
  (["en", "fr"] as const).flatMap((language) => keys(pair[language]).map((key) => [pair.source, language, key] as const)),
);

/** What is wrong with a French text; empty when it reads right. */
function frenchFaults(text: string): string[] {
  const faults: string[] = [];
  // A clause-ending : ; ! ? (followed by a space or the end) takes a narrow no-break space; "Memoarr!" is a name.
  const unspaced = text.replace(/Memoarr!/gu, "Memoarr").match(/(?<![\u202F:;!?])[:;!?](?=\s|$)/gu);
  if (unspaced !== null) faults.push(`no narrow no-break space before ${unspaced.join(" ")}`);
  if (/[ \u00A0][:;!?]/u.test(text)) faults.push("a plain space before : ; ! ?");
  if (/«(?!\u202F)|(?<!\u202F)»/u.test(text)) faults.push("« » without narrow no-break spaces inside");
  const unelided = text.match(/(?<!\p{L})(de|que|le|la) (Alice|Ordinateur|ordinateur)/giu);
  if (unelided !== null) faults.push(`not elided: ${unelided.join(", ")}`);
  if (/(?<![\p{L}’])Ordinateur · Facile/u.test(text)) faults.push("the computer without its article (l’ordinateur)");
  // French counts 0 and 1 in the singular: « 1 seconde », « 0 tuile » (a plural needs an ICU plural).
  const disagreeing = text.match(/(?<![\d,.\p{L}])[01] (?:\p{L}+ )?(secondes|tuiles|cartes|points|joueurs|parties|coups|manches|jours|sauts|mélanges|places|messages|pions|restantes|restants)(?!\p{L})/gu);
  if (disagreeing !== null) faults.push(`a plural after 0 or 1: ${disagreeing.join(", ")}`);
  const familiar = text.match(/(?<!\p{L})(tu|toi|ton|ta|tes|te|t’|peux|dois|veux|choisis|réponds|prends|retiens|débarrasse)(?!\p{L})/giu);
  if (familiar !== null) faults.push(`addresses the player as "tu": ${familiar.join(", ")}`);
  return faults;
}

describe("every text, both languages", () => {
  it.each(PAIRS.map((pair) => [pair.source, pair] as const))("%s has the same keys in English and French", (_source, pair) => {
    const english = keys(pair.en).sort();
    const french = keys(pair.fr).sort();
    expect({ onlyEnglish: english.filter((key) => !french.includes(key)), onlyFrench: french.filter((key) => !english.includes(key)) }).toEqual({
      onlyEnglish: [],
      onlyFrench: [],
    });
  });

  it("has no straight apostrophe in what the player reads", () => {
    const straight = ALL_KEYS.flatMap(([source, language, key]) => {
      const pair = PAIRS.find((p) => p.source === source);
      return pair === undefined ? [] : renderings(pair[language], key, language).filter((text) => text.includes("'")).map((text) => `${language} ${key}: ${text}`);
    });
    expect(straight).toEqual([]);
  });

  // The same words show on a laptop: "Tap a free tile" and "Touchez une tuile" read wrong with a mouse.
  // Only what is shown on an iPhone alone may say "tap".
  const PHONE_ONLY: readonly string[] = ["slow.push.errors.homeScreen"];
  it("names no finger's gesture, for a phone and a laptop alike (choose, press)", () => {
    const gestures = ALL_KEYS.flatMap(([source, language, key]) => {
      const pair = PAIRS.find((p) => p.source === source);
      if (pair === undefined || PHONE_ONLY.includes(key)) return [];
      return renderings(pair[language], key, language)
        .filter((text) => /(?<!\p{L})(tap|taps|tapping|tapped|touchez|touchant)(?!\p{L})/iu.test(text))
        .map((text) => `${language} ${key}: ${text}`);
    });
    expect(gestures).toEqual([]);
  });

  it("reads as French typography and grammar, addressing the player as vous", () => {
    const faults = FRENCH_KEYS.flatMap(([source, key]) => {
      const pair = PAIRS.find((p) => p.source === source);
      if (pair === undefined) return [];
      return renderings(pair.fr, key, "fr").flatMap((text) => frenchFaults(text).map((fault) => `${key} — ${fault}: ${text}`));
    });
    expect([...new Set(faults)]).toEqual([]);
  });
});

describe("the checks themselves", () => {
  it.each([
    ["Niveau: Facile", "no narrow no-break space"],
    ["Niveau : Facile", "a plain space"],
    ["Aide « x »", "« »"],
    ["En attente de Alice…", "not elided"],
    ["À Ordinateur · Facile de jouer", "without its article"],
    ["À toi de jouer", '"tu"'],
    ["Choisis l’élément", '"tu"'],
    ["Alice\u202F: 1 secondes restantes", "a plural after 0 or 1"],
    ["0 tuiles sur 36", "a plural after 0 or 1"],
  ])("%s is a fault", (text, fault) => {
    expect(frenchFaults(text).join(" | ")).toContain(fault);
  });

  it.each([["Niveau\u202F: Facile"], ["1 seconde restante"], ["10 tuiles sur 36"], ["En attente d’Alice…"], ["À l’ordinateur Facile de jouer"], ["Memoarr! en ligne\u202F!"], ["e1:f1"]])("%s reads right", (text) => {
    expect(frenchFaults(text)).toEqual([]);
  });
});
