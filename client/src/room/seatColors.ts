/**
 * A colour per player for the table and every game board (chat names, series tally, player strips,
 * pieces), the same in every game of a table: the server gives each player a colour index
 * (SeatPublic.colour) that stays theirs whatever seat "play again" gives them. Readable on white,
 * distinct for the usual colour-vision deficiencies (Okabe–Ito based).
 */
export const SEAT_COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8c6d00", "#56b4e9", "#7f3fbf", "#4d4d4d"] as const;

/** Each colour's name, in SEAT_COLORS order: keys of `table.colors` in the dictionaries. */
export const SEAT_COLOR_NAMES = ["blue", "orange", "green", "pink", "ochre", "sky", "purple", "grey"] as const;
export type SeatColorName = (typeof SEAT_COLOR_NAMES)[number];

/** The grey of someone without a seat (the host without one, a spectator). */
const NO_SEAT_COLOR = "#6b6b6b";

/** A player's colour as boards draw and name it. */
export interface PlayerColour {
  readonly index: number; // SeatPublic.colour
  readonly hex: string;
  readonly name: SeatColorName;
}

/** The colour with this index (SeatPublic.colour, ChatMessage.colour). */
export function playerColour(index: number): PlayerColour {
  const at = ((index % SEAT_COLORS.length) + SEAT_COLORS.length) % SEAT_COLORS.length;
  return { index, hex: SEAT_COLORS[at] ?? NO_SEAT_COLOR, name: SEAT_COLOR_NAMES[at] ?? "grey" };
}

/** Each seat's player colour, by seat: what the room page hands to the board (BoardProps.colours). */
export function seatColours(seats: readonly { readonly colour: number }[]): PlayerColour[] {
  return seats.map((seat) => playerColour(seat.colour));
}

/** The CSS colour of a player's colour index, grey for null (no seat). */
export const seatColor = (colour: number | null): string => (colour === null ? NO_SEAT_COLOR : playerColour(colour).hex);

/** The colour of `seat` among `colours` (BoardProps.colours), its seat number's if none was given. */
export const colourOfSeat = (colours: readonly PlayerColour[], seat: number): PlayerColour => colours[seat] ?? playerColour(seat);
