// The Mahjong++ computer players, weakest first, as listed in the game definition.
export { recherchePaire } from "./recherche";
export { smartInao, smartInaoLookahead } from "./smart";
export { BOT_SECONDS_PER_SELECTION, selectionBudget } from "./knowledge";
