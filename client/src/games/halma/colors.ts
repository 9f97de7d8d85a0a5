// Player colours. On the board, each player's colour at the table (BoardProps.colours, the same in
// every game whatever their seat); the rules page's diagrams use a fixed colour per seat.
import type { Seat } from "../../../../shared/engine/types";
import type { PlayerColour } from "../../room/seatColors";

/** The rules diagrams' colours (their captions name them). */
export const SEAT_COLORS = ["red", "blue", "green", "yellow"] as const;
export type SeatColor = (typeof SEAT_COLORS)[number];

export interface Shades {
  readonly base: string; // the piece
  readonly light: string; // its highlight
  readonly dark: string; // its rim and shadow
  readonly campLight: string; // a light cell of this colour's camp
  readonly campDark: string; // a dark cell of this colour's camp
}

/** Base, light and dark shades of each diagram colour: the piece gradient and the camp tint use them. */
export const PALETTE: Readonly<Record<SeatColor, Shades>> = {
  red: { base: "#d7263d", light: "#ff8a96", dark: "#7a0f1d", campLight: "#f7cfc9", campDark: "#d98f86" },
  blue: { base: "#1f6fd1", light: "#8cc2ff", dark: "#0b346b", campLight: "#cfe0f7", campDark: "#8fb0dc" },
  green: { base: "#2e9d4a", light: "#94e3a7", dark: "#12502a", campLight: "#d3ecd2", campDark: "#93c495" },
  yellow: { base: "#f2b31a", light: "#ffe58a", dark: "#8a5a00", campLight: "#faecb4", campDark: "#e0bd5c" },
};

/** The rules page's colour of a seat (its diagrams name them: "a red and two blue pieces"). */
export function seatColor(seat: Seat): SeatColor {
  return SEAT_COLORS[seat % SEAT_COLORS.length] ?? "red";
}

/** `hex` (#rrggbb) mixed with white (`amount` > 0) or black (`amount` < 0), as #rrggbb. */
function mix(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const share = Math.abs(amount);
  const channels = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return `#${channels.map((c) => Math.round(c + (target - c) * share).toString(16).padStart(2, "0")).join("")}`;
}

/** The piece gradient's and the camp tint's shades of a player's colour (see Shades). */
export function shadesOf(hex: string): Shades {
  return { base: hex, light: mix(hex, 0.45), dark: mix(hex, -0.45), campLight: mix(hex, 0.8), campDark: mix(hex, 0.5) };
}

const styles = new Map<string, string>();

/**
 * CSS custom properties for the shades of a player's colour (the room's, kept across the games of a
 * table), to put on an element's style. Worked out once per colour: the board asks at every cell.
 */
export function colourStyle(colour: PlayerColour): string {
  let style = styles.get(colour.hex);
  if (style === undefined) {
    const p = shadesOf(colour.hex);
    style = `--seat:${p.base};--seat-light:${p.light};--seat-dark:${p.dark};--camp-light:${p.campLight};--camp-dark:${p.campDark}`;
    styles.set(colour.hex, style);
  }
  return style;
}
