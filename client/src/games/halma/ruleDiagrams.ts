// The pictures of the rules page, as data: hand-made positions checked by ruleDiagrams.test.ts.
import { campCells, type Cell } from "../../../../shared/games/halma";

export type Placed = Cell & { readonly seat: number };

/** The starting position of a 2- or 4-player game: every camp full of its owner's pieces. */
export function startPosition(players: 2 | 4): Placed[] {
  return Array.from({ length: players }, (_, seat) => campCells(players, seat).map((c) => ({ ...c, seat }))).flat();
}

/** A step: the piece in the middle may go to any empty neighbour (one is taken by blue). */
export const STEP = {
  rows: 5,
  cols: 5,
  pieces: [
    { row: 2, col: 2, seat: 0 },
    { row: 1, col: 3, seat: 1 },
  ],
  dots: [
    { row: 1, col: 1 },
    { row: 1, col: 2 },
    { row: 2, col: 1 },
    { row: 2, col: 3 },
    { row: 3, col: 1 },
    { row: 3, col: 2 },
    { row: 3, col: 3 },
  ],
} as const;

/** A chain of three jumps changing direction: over red (diagonal), blue (up), blue (right). */
export const CHAIN = {
  rows: 7,
  cols: 7,
  pieces: [
    { row: 6, col: 0, seat: 0 },
    { row: 5, col: 1, seat: 0 },
    { row: 3, col: 2, seat: 1 },
    { row: 2, col: 3, seat: 1 },
  ],
  path: [
    { row: 6, col: 0 },
    { row: 4, col: 2 },
    { row: 2, col: 2 },
    { row: 2, col: 4 },
  ],
} as const;

/**
 * Parlett's rule: the top-right corner of a 2-player board (rows 0–5, columns k–p), blue's camp and
 * red's goal. Every goal cell is taken, two by blue pieces that never left: red's last jump wins.
 */
export const BLOCKED_WIN: { rows: number; cols: number; camp: Placed[]; pieces: Placed[]; path: Cell[] } = (() => {
  const camp: Placed[] = [];
  for (let row = 0; row < 6; row++) for (let col = 1; col < 6; col++) if (row <= 4 && row <= col) camp.push({ row, col, seat: 1 });
  const blue = new Set(["0,2", "1,4"]);
  const pieces = camp.map((c) => ({ row: c.row, col: c.col, seat: blue.has(`${c.row},${c.col}`) ? 1 : 0 }));
  return { rows: 6, cols: 6, camp, pieces, path: [{ row: 4, col: 2 }, { row: 2, col: 4 }] };
})();
