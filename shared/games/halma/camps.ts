// Where each seat starts and where it must go. Seats sit at the corners in turn order going round
// the board (bottom-left, top-left, top-right, bottom-right), so consecutive seats are neighbours
// and each seat's goal is the diagonally opposite camp.
import type { Seat } from "../../engine/types";
import { SIZE } from "./board";
import { CORNERS, type Cell, type Corner, type PlayerCount } from "./types";

/** How many pieces (= camp cells) each seat has. */
export const PIECES_PER_SEAT: Readonly<Record<PlayerCount, number>> = { 2: 19, 4: 13 };

/** The seat → corner mapping: in a 2-player game the two seats face each other diagonally. */
const SEAT_CORNERS: Readonly<Record<PlayerCount, readonly Corner[]>> = {
  2: ["bottom-left", "top-right"],
  4: CORNERS,
};

/** The opposite corner of each corner. */
const OPPOSITE: Readonly<Record<Corner, Corner>> = {
  "bottom-left": "top-right",
  "top-left": "bottom-right",
  "top-right": "bottom-left",
  "bottom-right": "top-left",
};

/** The corner of `seat`'s starting camp. Throws a RangeError for a seat the game does not have. */
export function cornerOf(players: PlayerCount, seat: Seat): Corner {
  const corner = SEAT_CORNERS[players][seat];
  if (corner === undefined) throw new RangeError(`a ${players}-player Halma has no seat ${seat}`);
  return corner;
}

/** The seat whose starting camp is `seat`'s goal: the diagonally opposite one. */
export function goalSeatOf(players: PlayerCount, seat: Seat): Seat {
  return players === 2 ? 1 - seat : (seat + 2) % 4;
}

/**
 * Maps a cell given relative to `corner` (row/col counted from that corner towards the centre) to
 * the board's top-left based coordinates; the same map takes board cells back to relative ones.
 */
export function fromCorner(corner: Corner, rel: Cell, size = SIZE): Cell {
  const bottom = corner === "bottom-left" || corner === "bottom-right";
  const right = corner === "top-right" || corner === "bottom-right";
  return { row: bottom ? size - 1 - rel.row : rel.row, col: right ? size - 1 - rel.col : rel.col };
}

/**
 * The camp shape relative to its corner: rows of 5, 5, 4, 3, 2 cells for 2 players
 * (r ≤ 4, c ≤ 4, r + c ≤ 5) and 4, 4, 3, 2 for 4 players (r ≤ 3, c ≤ 3, r + c ≤ 4).
 */
function campShape(players: PlayerCount): Cell[] {
  const [edge, diagonal] = players === 2 ? [4, 5] : [3, 4];
  const cells: Cell[] = [];
  for (let row = 0; row <= edge; row++) {
    for (let col = 0; col <= edge; col++) if (row + col <= diagonal) cells.push({ row, col });
  }
  return cells;
}

/**
 * The camp cells of `seat` (its starting camp, which is also the goal of the seat opposite), as
 * top-left based `{ row, col }`, row by row from the corner. Seats go round the board:
 * 2 players: seat 0 bottom-left, seat 1 top-right; 4 players: 0 bottom-left, 1 top-left,
 * 2 top-right, 3 bottom-right.
 */
export function campCells(players: PlayerCount, seat: Seat): Cell[] {
  const corner = cornerOf(players, seat);
  return campShape(players).map((rel) => fromCorner(corner, rel));
}

/** The cells `seat` must fill to win: the camp of the seat opposite. */
export function goalCells(players: PlayerCount, seat: Seat): Cell[] {
  return campCells(players, goalSeatOf(players, seat));
}

/** The corner cell of `seat`'s goal camp. */
export function goalCorner(players: PlayerCount, seat: Seat): Cell {
  return fromCorner(OPPOSITE[cornerOf(players, seat)], { row: 0, col: 0 });
}

/**
 * The distance of a piece from its goal corner: the number of single steps it would need on an
 * empty board (king moves, so max of the row and column gaps). The 300-round rule ranks seats by
 * the sum of this over their pieces.
 */
export function distanceToGoal(players: PlayerCount, seat: Seat, cell: Cell): number {
  const corner = goalCorner(players, seat);
  return Math.max(Math.abs(cell.row - corner.row), Math.abs(cell.col - corner.col));
}
