// What the home page shows of halma before its code is loaded (its card), registered by games/registry.ts.
// Player counts are not written here: the home page derives them from the game definition.

export const card = {
  en: { games: { halma: { description: "Race your pieces across the board to the opposite corner, jumping in long chains." } } },
  fr: { games: { halma: { description: "Faites traverser le plateau à vos pions jusqu’au coin opposé, en sautant par longues chaînes." } } },
};
