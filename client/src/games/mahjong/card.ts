// What the home page shows of mahjong before its code is loaded (its card), registered by games/registry.ts.
// Player counts are not written here: the home page derives them from the game definition.

export const card = {
  en: { games: { mahjong: { description: "A race on a Mahjong solitaire board with a Moroccan theme: remove pairs of free tiles before your clock runs out. Each pair of a turn is worth double the previous one." } } },
  fr: { games: { mahjong: { description: "Une course sur un plateau de Mahjong solitaire au thème marocain : retirez des paires de tuiles libres avant la fin de votre temps. Chaque paire d’un tour vaut le double de la précédente." } } },
};
