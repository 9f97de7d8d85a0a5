import type { Seat } from "../../../shared/engine/types";

/** What pass-and-play decides from one snapshot: the pure core of SeatFocus (tested in focus.test.ts). */
export interface FocusInput {
  readonly localSeats: readonly Seat[]; // seats this device holds
  readonly currentSeats: readonly Seat[]; // who must move
  readonly revealed: Seat | null; // the local seat whose hand was last shown after a tap
  readonly finished: boolean;
}

export interface Focus {
  readonly toMove: Seat | null; // the local seat expected to move
  readonly curtainFor: Seat | null; // pass the device to this seat first (privacy screen up)
  readonly boardSeat: Seat | null; // whose hand the board shows; null = no hand at all
}

export function focusOf({ localSeats, currentSeats, revealed, finished }: FocusInput): Focus {
  const toMove = localSeats.find((seat) => currentSeats.includes(seat)) ?? null;
  if (localSeats.length < 2) return { toMove, curtainFor: null, boardSeat: toMove ?? localSeats[0] ?? null };
  const curtainFor = !finished && toMove !== null && toMove !== revealed ? toMove : null;
  const boardSeat = curtainFor === null && revealed !== null && localSeats.includes(revealed) ? revealed : null;
  return { toMove, curtainFor, boardSeat };
}
