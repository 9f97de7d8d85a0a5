import type { RoomRecord, SeatRecord } from "./record";

/**
 * What a table keeps across the games "play again" starts: its id, which names its one chat, and
 * each person's colour. Both ride on data the rooms already store (the series and the seats), so a
 * save, a restart or another process reading the room finds them as they were.
 */

/** The table a room belongs to: the id of the series' first room (that room itself for a first game). */
export function tableOf(room: Pick<RoomRecord, "id" | "series">): string {
  return room.series.tableId ?? room.id;
}

/** A seat's colour at the table: the one it was given, or (not given yet: the lobby) its seat number. */
export function colourOf(seat: Pick<SeatRecord, "colour">, index: number): number {
  return seat.colour ?? index;
}

/**
 * The seats with every colour written down, so that it travels with its seat record wherever that
 * record goes (seats left open are dropped at the start, seats rotate at "play again"). Colours
 * already given stay; a seat without one gets its seat number, or — if another seat holds that one —
 * the smallest colour nobody holds. Returns `seats` itself when nothing was missing.
 */
export function withColours(seats: readonly SeatRecord[]): readonly SeatRecord[] {
  if (seats.every((seat) => seat.colour !== undefined)) return seats;
  const taken = new Set(seats.flatMap((seat) => (seat.colour === undefined ? [] : [seat.colour])));
  return seats.map((seat, index) => {
    if (seat.colour !== undefined) return seat;
    let colour = index;
    if (taken.has(colour)) for (colour = 0; taken.has(colour); colour++);
    taken.add(colour);
    return { ...seat, colour };
  });
}
