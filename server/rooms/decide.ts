import type { ErasedGame } from "../../shared/engine/erase";
import type { ScoreFields } from "../scores/chain";
import { scoreRowsOf } from "../scores/results";
import { nextDeadline } from "./pace";
import { botOfSeat, type MoveRow, type RoomRecord } from "./record";
import { nextTimer } from "./timers";

/**
 * The deciding step of a pass, pure: a command looks at the room as it is and says what changes;
 * `writeOf` adds what every change implies (the countdown, the slow room's deadline, the score rows
 * of a game just over). Nothing here reads the database, the sockets or the clock.
 */

/** What a command decided: the next record (the same object when nothing changes), the move it played, a room it opened, its answer. */
export interface Change<T> {
  readonly next: RoomRecord;
  readonly move?: MoveRow;
  readonly created?: RoomRecord;
  readonly result: T;
}

/**
 * One kind of change to a room, decided on the room as the pass loaded it, its game and the one
 * moment of this pass. It throws a TableeError to refuse (nothing is written), and must not
 * touch anything but its own arguments: a refusal may be decided again on fresher data.
 */
export type Command<T> = (room: RoomRecord, game: ErasedGame, now: Date) => Change<T>;

/** Nothing to change: nothing is written and nobody is told. */
export const unchanged = <T>(room: RoomRecord, result: T): Change<T> => ({ next: room, result });

/** One change's write: the records it commits (with `created`, a room it opened) and what goes with them. */
export interface Write {
  readonly next: RoomRecord;
  readonly previous: RoomRecord;
  readonly move: MoveRow | null;
  readonly scores: readonly ScoreFields[] | null;
  readonly created: RoomRecord | null;
}

/** What committing `changed` writes: the records with their clocks set, and the score rows of a game just over. */
export function writeOf(room: RoomRecord, changed: Change<unknown>, game: ErasedGame, now: number): Write {
  const timer = nextTimer(room.timer, changed.next, game, now);
  const deadline = nextDeadline(room.deadline ?? null, changed.next, game, now);
  // A copy only when a clock changed: most moves of most games have none, and this runs at every move.
  const next = timer === changed.next.timer && deadline === (changed.next.deadline ?? null) ? changed.next : { ...changed.next, timer, deadline };
  const justFinished = next.status === "finished" && room.status !== "finished";
  const created = changed.created ? { ...changed.created, timer: nextTimer(null, changed.created, game, now), deadline: nextDeadline(null, changed.created, game, now) } : null;
  return { next, previous: room, move: changed.move ?? null, scores: justFinished ? scoreRowsOf(next, game, next.updatedAt) : null, created };
}

/** The computer seat whose turn it is in `room`, if any (the bot driver schedules its move). */
export function nextComputerSeat(room: RoomRecord, game: ErasedGame): number | undefined {
  if (room.status !== "playing") return undefined;
  return game.currentSeats(room.state).find((seat) => botOfSeat(room, seat) !== null);
}
