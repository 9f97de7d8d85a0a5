// The public surface of the Memoarr! engine: the game definition and the helpers bots and the client use.
export { memoarr } from "./game";
export * from "./types";
export { cardKey, fullDeck, matches, POWER_OF, REWARD_CARDS, ROUNDS, sameCard } from "./cards";
export { CARD_CELLS, CENTER, formatCell, neighbours, parseCell, peekCellsOf, SIDE_OF_SEAT } from "./cells";
export { peekTimerKey } from "./apply";
export { moveSchema, optionsSchema } from "./schemas";
export { renderCard, renderGrid, renderRevealed } from "./text";
