// The public surface of the Mahjong++ engine: the game definition and the pure helpers.
export { mahjong } from "./game";
export * from "./types";
export { covers, freeTiles, isFree, touchesLeft, touchesRight } from "./geometry";
export { solve, searchSolution, type RemovalOrder, type SearchResult } from "./solver";
export { LAYOUTS, layoutSize } from "./layouts";
export { FIRST_PAIR_POINTS, LEVEL_RULES, pairPoints, SEATS, SHUFFLES_PER_PLAYER, type LevelRules } from "./rules";
export { MAX_TILE_ID, moveSchema, optionsSchema } from "./schemas";
export { turnKey } from "./timer";
export { BOT_SECONDS_PER_SELECTION, selectionBudget } from "./bots";
