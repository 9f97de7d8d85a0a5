// The animation of moves, as plain data: which position each pending move shows, and the frames
// that walk a piece along its chain. The clock that plays them is in animation.svelte.ts.
import type { Cell } from "../../../../shared/games/halma";
import type { Seat } from "../../../../shared/engine/types";

/** A move received from the server that the board has not finished showing. */
export interface AnimMove {
  readonly moveNumber: number;
  readonly seat: Seat;
  readonly path: readonly Cell[];
  readonly computer: boolean; // computers blink (the seed's rule); humans just hop along the chain
}

/** One moment of an animation: where the piece is, whether it is blinking and hidden, for how long. */
export interface Frame {
  readonly hop: number; // index in the path of the cell the piece stands on
  readonly blink: boolean; // the piece is blinking (CSS class `blink`)
  readonly hidden: boolean; // the "off" half of a blink
  readonly counts: boolean; // this frame completes one blink (the board's data-blink-count)
  readonly ms: number;
}

export const BLINK_HALF_MS = 170; // a blink is off for this long, then on for this long
export const HOP_MS = 170; // a human's piece stays this long on each cell of its chain
export const START_BLINKS = 4; // the seed: the computer's piece blinks 4 times before it moves…
export const HOP_BLINKS = 2; // …then 2 times on each new position of its chain

function blinks(hop: number, count: number): Frame[] {
  return Array.from({ length: count }, () => [
    { hop, blink: true, hidden: true, counts: false, ms: BLINK_HALF_MS },
    { hop, blink: true, hidden: false, counts: true, ms: BLINK_HALF_MS },
  ]).flat();
}

/** The frames of one move: computers blink 4 times, then 2 times at each landing; humans hop. */
export function framesOf(move: AnimMove): Frame[] {
  const hops = move.path.map((_, i) => i);
  if (!move.computer) return hops.map((hop) => ({ hop, blink: false, hidden: false, counts: false, ms: HOP_MS }));
  return [...blinks(0, START_BLINKS), ...hops.slice(1).flatMap((hop) => blinks(hop, HOP_BLINKS))];
}

const same = (a: Cell, b: Cell): boolean => a.row === b.row && a.col === b.col;

/** Moves one piece of `seat` from `from` to `to` (a new array; nothing happens if it is not there). */
function shift(pieces: readonly (readonly Cell[])[], seat: Seat, from: Cell, to: Cell): Cell[][] {
  return pieces.map((cells, s) => (s === seat ? cells.map((c) => (same(c, from) ? to : c)) : cells.slice()));
}

/**
 * The position to draw: the server's `pieces` with the pending moves taken back (newest first),
 * then the oldest pending move's piece put on cell `hop` of its chain. Halma has no captures, so
 * taking a move back is moving its piece from the end of its path to the start.
 */
export function shownPieces(pieces: readonly (readonly Cell[])[], pending: readonly AnimMove[], hop: number): Cell[][] {
  let out = pieces.map((cells) => cells.slice());
  for (const move of [...pending].reverse()) {
    const start = move.path[0];
    const end = move.path[move.path.length - 1];
    if (start !== undefined && end !== undefined) out = shift(out, move.seat, end, start);
  }
  const current = pending[0];
  const start = current?.path[0];
  const at = current?.path[Math.min(hop, current.path.length - 1)];
  return current !== undefined && start !== undefined && at !== undefined ? shift(out, current.seat, start, at) : out;
}
