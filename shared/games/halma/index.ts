// The public surface of the Halma engine: the game definition and the helpers bots and the client use.
// Seat counts: 2 or 4 only (SEAT_COUNTS); setup throws a RangeError for 3.
export { halma } from "./game";
export * from "./types";
export { cellOf, DIRECTIONS, EMPTY, gridOf, inBoard, indexOf, sameCell, SIZE } from "./board";
export { campCells, cornerOf, distanceToGoal, goalCells, goalCorner, goalSeatOf, PIECES_PER_SEAT } from "./camps";
export { legalMoves } from "./legal";
export { formatCell, formatMove, parseCell, parseMove, type NotationResult } from "./notation";
export { closestSeats, outcomeOf, startDistance } from "./outcome";
export { checkPath, MAX_PATH, type PathCheck } from "./path";
export { pathOnGrid, reachable, reachOnGrid, type Reach } from "./reach";
export { canMove, hasWon, homeCount, MAX_ROUNDS, totalDistance } from "./rules";
export { moveSchema, optionsSchema } from "./schemas";
export { isSeatCount, MAX_SEATS, MIN_SEATS } from "./setup";
