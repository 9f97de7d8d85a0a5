// What the home page shows of memoarr before its code is loaded (its card), registered by games/registry.ts.
// Player counts are not written here: the home page derives them from the game definition.

export const card = {
  en: { games: { memoarr: { description: "A memory game of pirates: turn cards that share the animal or the colour of the last one, and be the last one standing." } } },
  fr: { games: { memoarr: { description: "Un jeu de mémoire de pirates : retournez des cartes qui partagent l’animal ou la couleur de la précédente, et soyez le dernier en lice." } } },
};
