import { describe, expect, it } from "vitest";
import { typeset } from "./typography";

const n = "\u202F";
const j = "\u2060"; // a word joiner

describe("typeset", () => {
  it.each([
    ["Niveau: {level}", `Niveau${n}: {level}`],
    ["Niveau : {level}", `Niveau${n}: {level}`],
    ["Niveau\u00A0: {level}", `Niveau${n}: {level}`],
    ["{name}: {text}", `{name}${n}: {text}`],
    ["Copié !", `Copié${n}!`],
    ["Quoi ?!", `Quoi${n}?!`],
    ["C'est mémorisé", "C’est mémorisé"],
    ["Aide « Montrer »", `Aide «${n}Montrer${n}»`],
    ["«\u00A0{family}\u00A0»", `«${n}{family}${n}»`],
    ["{names} {n, plural, one {gagne} other {gagnent}} !", `{names} {n, plural, one {gagne} other {gagnent}}${n}!`],
    ["{n, plural, one {# gagne !} other {# gagnent !}}", `{n, plural, one {# gagne${n}!} other {# gagnent${n}!}}`],
    [":", `${n}:`],
    ["Memoarr!", "Memoarr!"],
    ["Règles de Memoarr! Bonne partie !", `Règles de Memoarr! Bonne partie${n}!`],
    ["Coup e1:f1, à 10:30, sur https://tablee.example/?x=1", "Coup e1:f1, à 10:30, sur https://tablee.example/?x=1"],
    // No line break between a verb and its pronoun; other hyphens as they are.
    ["ou glissez-la sur le plateau", `ou glissez-${j}la sur le plateau`],
    ["Dites-le-moi, a-t-il dit", `Dites-${j}le-${j}moi, a-${j}t-${j}il dit`],
    ["Jean-Luc, peut-être, e1-f1, Mahjong-{n}, une laverie", "Jean-Luc, peut-être, e1-f1, Mahjong-{n}, une laverie"],
  ])("fr %j", (message, typeset_) => {
    expect(typeset("fr", message)).toBe(typeset_);
  });

  it.each([
    ["{name}'s octopus", "{name}’s octopus"],
    ["Level: {level}", "Level: {level}"],
    ["Copied!", "Copied!"],
  ])("en %j", (message, typeset_) => {
    expect(typeset("en", message)).toBe(typeset_);
  });
});
