import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomRecord } from "./record";

type Seats = RoomRecord["seats"];

/** The items turned left by `by`: item `by` comes first (seat numbers are the order of play). */
export function rotateBy<T>(items: readonly T[], by: number): T[] {
  return items.map((_, index) => items[(index + by) % items.length] as T);
}

/**
 * How far to turn the seats so that the game's first mover (seat 0) is seat `from` of `seats`, or
 * the next seat after it held by a human when the game wants a human to move first and computers
 * sit at the table (GameDefinition.humanFirst).
 */
export function firstMoverShift(game: ErasedGame, seats: Seats, from: number): number {
  const count = seats.length;
  if (count === 0) return 0;
  const start = from % count;
  if (!game.humanFirst || !seats.some((seat) => seat.kind === "computer")) return start;
  for (let step = 0; step < count; step++) if (seats[(start + step) % count]?.kind === "human") return (start + step) % count;
  return start; // computers only (a demo)
}
