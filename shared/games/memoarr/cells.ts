import type { CellName, Side } from "./types";

/** The grid is 5 × 5; cell index = row * 5 + col (A1 = 0, E5 = 24). */
export const SIZE = 5;
export const CELL_COUNT = SIZE * SIZE;
/** C3, the empty centre: never a card. */
export const CENTER = 12;

const ROWS = "ABCDE";
const CELL = /^([A-E])([1-5])$/u;

/** `B4` → 8; null for anything else (lower case, out of range). The centre parses: callers refuse it. */
export function parseCell(text: string): number | null {
  const m = CELL.exec(text);
  if (m === null) return null;
  return ROWS.indexOf(m[1] ?? "") * SIZE + Number(m[2]) - 1;
}

/** 8 → `B4`. */
export function formatCell(index: number): CellName {
  return `${ROWS[Math.floor(index / SIZE)] ?? "?"}${(index % SIZE) + 1}`;
}

/** Every cell that holds a card (all but the centre), in index order. */
export const CARD_CELLS: readonly number[] = Array.from({ length: CELL_COUNT }, (_, i) => i).filter((i) => i !== CENTER);

/** The orthogonal neighbours of a cell that hold cards (the centre is not a card). */
export function neighbours(index: number): number[] {
  const row = Math.floor(index / SIZE);
  const col = index % SIZE;
  const out: number[] = [];
  if (row > 0) out.push(index - SIZE);
  if (row < SIZE - 1) out.push(index + SIZE);
  if (col > 0) out.push(index - 1);
  if (col < SIZE - 1) out.push(index + 1);
  return out.filter((i) => i !== CENTER);
}

/** Seat order around the grid: top, bottom, left, right. */
export const SIDE_OF_SEAT: readonly Side[] = ["top", "bottom", "left", "right"];

/** The 3 cells directly in front of each side: top A2–A4, bottom E2–E4, left B1–D1, right B5–D5. */
const PEEK_CELLS: Readonly<Record<Side, readonly number[]>> = {
  top: [1, 2, 3],
  bottom: [21, 22, 23],
  left: [5, 10, 15],
  right: [9, 14, 19],
};

/** The cells `seat` peeks at when a round starts. */
export function peekCellsOf(seat: number): readonly number[] {
  const side = SIDE_OF_SEAT[seat];
  return side === undefined ? [] : PEEK_CELLS[side];
}
