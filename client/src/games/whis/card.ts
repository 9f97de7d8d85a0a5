// What the home page shows of whis before its code is loaded (its card), registered by games/registry.ts.
// Player counts are not written here: the home page derives them from the game definition.

export const card = {
  en: { games: { whis: { description: "The elemental card game of Tales of Eternia: Water, Fire and Wind, attacks that stack up, played over several rounds." } } },
  fr: { games: { whis: { description: "Le jeu de cartes des éléments de Tales of Eternia : Eau, Feu et Vent, des attaques qui se cumulent, en plusieurs manches." } } },
};
