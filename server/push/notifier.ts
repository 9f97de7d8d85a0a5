import type { ErasedGame } from "../../shared/engine/erase";
import type { Seat } from "../../shared/engine/types";
import type { RoomRecord, SeatRecord } from "../rooms/record";

/** One notice for one seat; what it says is written later, in each device's language (messages.ts). */
export type Notice =
  | { readonly kind: "turn"; readonly seat: Seat }
  | { readonly kind: "gameOver"; readonly seat: Seat; readonly rank: number; readonly won: boolean; readonly sharedWin: boolean }
  | { readonly kind: "rematch"; readonly seat: Seat; readonly askers: readonly Seat[] };

/** A human seat someone holds, whose own moves are expected (not handed to a computer until they return). */
function expectsItsHuman(seat: SeatRecord | undefined): boolean {
  if (!seat || seat.kind !== "human" || seat.tokenHash === null) return false;
  return !seat.standIn || seat.standInForOneTurn === true;
}

/** Seats due to act in a room in play (none before the start, or after the end). */
function currentSeatsOf(room: RoomRecord, game: ErasedGame): readonly Seat[] {
  return room.status === "playing" && room.state !== null ? game.currentSeats(room.state) : [];
}

/** Seats whose turn starts with `next`: due now and not before, or due again after their own move. */
function newTurns(previous: RoomRecord, next: RoomRecord, game: ErasedGame): Seat[] {
  const before = new Set(currentSeatsOf(previous, game));
  // A seat still due after a move by someone else is in a simultaneous phase: not a new turn. A seat
  // due again after its own move (a game giving it another turn) is.
  const movers = new Set(next.log.filter((entry) => entry.moveNumber > previous.moveNumber).map((entry) => entry.seat));
  return currentSeatsOf(next, game).filter((seat) => !before.has(seat) || (next.moveNumber !== previous.moveNumber && movers.has(seat)));
}

/**
 * Who is told what after a change this process committed, from the room before and after it and the
 * seats that have a connected socket (those see it in their tab and get nothing). Turn notices go to
 * human seats whose turn starts; "game over" to every human seat when the game ends; "play again?" to
 * the human seats that have not asked when someone newly asks. A room just opened (`previous` null,
 * the next game of a table) tells nobody: its players were there a moment ago.
 */
export function noticesFor(previous: RoomRecord | null, next: RoomRecord, game: ErasedGame, connected: ReadonlySet<Seat>): Notice[] {
  if (previous === null || previous.id !== next.id) return [];
  const absent = (seat: Seat) => !connected.has(seat) && expectsItsHuman(next.seats[seat]);
  // Everyone at the table (a live game, the usual case): nobody to tell, and nothing else to work out.
  if (!next.seats.some((_, seat) => absent(seat))) return [];
  if (next.status === "finished" && previous.status !== "finished") {
    const outcome = game.outcome(next.state);
    return next.seats.flatMap((_, seat) =>
      absent(seat)
        ? [{ kind: "gameOver" as const, seat, rank: outcome.ranks[seat] ?? seat + 1, won: outcome.winners.includes(seat), sharedWin: outcome.winners.length > 1 }]
        : [],
    );
  }
  const asks = next.series.rematchAsks;
  if (next.status === "finished" && next.series.nextRoomId === null && asks.some((seat) => !previous.series.rematchAsks.includes(seat))) {
    return next.seats.flatMap((_, seat) => (absent(seat) && !asks.includes(seat) ? [{ kind: "rematch" as const, seat, askers: asks }] : []));
  }
  return newTurns(previous, next, game)
    .filter(absent)
    .map((seat) => ({ kind: "turn" as const, seat }));
}
