import { IntlMessageFormat } from "intl-messageformat";
import { describe, expect, it } from "vitest";
import { listIn, nameForms, nameList, rewriteNameArguments } from "./nameGrammar";

/** A French message as the player reads it with this name: rewritten, then formatted with the name's forms. */
function read(message: string, name: string): string {
  const values = { name, names: name, ...nameForms("name", name, "Ordinateur · "), ...nameForms("names", name, "Ordinateur · ") };
  return new IntlMessageFormat(rewriteNameArguments(message), "fr").format(values) as string;
}

describe("French names in sentences", () => {
  it.each([
    ["En attente de {name}…", "Alice", "En attente d’Alice…"],
    ["En attente de {name}…", "Bruno", "En attente de Bruno…"],
    ["En attente de {name}…", "Ordinateur · Facile", "En attente de l’ordinateur Facile…"],
    ["En attente de {name}…", "Hélène", "En attente d’Hélène…"],
    ["En attente de {name}…", "Émile", "En attente d’Émile…"],
    ["Le morse de {name} interdit b2.", "Yves", "Le morse d’Yves interdit b2."],
    ["De {name}, rien.", "Alice", "D’Alice, rien."],
    // "de" ending a word is not the word "de": "Code Alice", not "Cod’Alice".
    ["Code {name} : 42", "Alice", "Code Alice : 42"],
    ["(de {name})", "Alice", "(d’Alice)"],
    ["Il faut que {name} joue.", "Alice", "Il faut qu’Alice joue."],
    ["À {name} de jouer", "Ordinateur · Facile", "À l’ordinateur Facile de jouer"],
    ["À {name} de jouer", "Alice", "À Alice de jouer"],
    ["{name} joue…", "Ordinateur · Facile", "L’ordinateur Facile joue…"],
    ["Fin. {name} gagne.", "Ordinateur · Difficile #2", "Fin. L’ordinateur Difficile #2 gagne."],
    ["{names} gagnent !", nameList(["Alice", "Ordinateur · Facile"]), "Alice et l’ordinateur Facile gagnent !"],
    ["Égalité : {names} gagnent !", nameList(["Alice", "Bruno", "Chloé"]), "Égalité : Alice, Bruno et Chloé gagnent !"],
    ["En attente de {name}…", "Yasmine", "En attente de Yasmine…"],
    ["En attente de {name}…", "Yann", "En attente de Yann…"],
    ["Garde {name}", "Ordinateur · Facile", "Garde l’ordinateur Facile"],
    ["Une idée de {game}", "Alice", "Une idée de {game}"],
  ])("%s with %s", (message, name, expected) => {
    const text = message.includes("{game}") ? rewriteNameArguments(message) : read(message, name);
    expect(text).toBe(expected);
  });

  it("leaves a name without the computer prefix as typed", () => {
    expect(nameForms("name", "ordinateur-fan", "Ordinateur · ")).toMatchObject({ name__in: "ordinateur-fan", name__de: "d’ordinateur-fan" });
  });
});

describe("lists of names", () => {
  it("read as each language lists them", () => {
    expect(listIn(nameList(["Alice", "Bob", "Carol"]), "en")).toBe("Alice, Bob, and Carol");
    expect(listIn(nameList(["Alice", "Bruno"]), "fr")).toBe("Alice et Bruno");
    expect(listIn("Alice, Bruno", "fr")).toBe("Alice, Bruno"); // one name that holds a comma stays whole
  });
});
