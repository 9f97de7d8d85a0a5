// The public surface of the Qwirkle engine: the game definition and the helpers bots and the client use.
export { qwirkle } from "./game";
export * from "./types";
export { boundsFor, inBounds, SEED_BOUNDS, type Bounds } from "./board";
export { canPlace, enumeratePlacements } from "./enumerate";
export { legalCells, type Cell } from "./legalCells";
export { END_BONUS, lineError, MAX_LINE, QWIRKLE_BONUS } from "./lines";
export { formatMove, formatPlacement, parseMove, type NotationResult } from "./notation";
export { MAX_COORDINATE, moveSchema, optionsSchema } from "./schemas";
export { scorePlacement, type PlacementError, type ScoredLine, type ScoreResult } from "./score";
export { fullTileSet, HAND_SIZE, removeTiles, sameTile, tileKey } from "./tiles";
