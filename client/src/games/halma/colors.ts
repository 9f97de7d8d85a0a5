// Player colours, per seat in turn order (seats sit at the corners going round the board).
import type { Seat } from "../../../../shared/engine/types";

/** The colour names, keys of `games.halma.colors` in the dictionaries. */
export const SEAT_COLORS = ["red", "blue", "green", "yellow"] as const;
export type SeatColor = (typeof SEAT_COLORS)[number];

export interface Shades {
  readonly base: string; // the piece
  readonly light: string; // its highlight
  readonly dark: string; // its rim and shadow
  readonly campLight: string; // a light cell of this colour's camp
  readonly campDark: string; // a dark cell of this colour's camp
}

/** Base, light and dark shades of each colour: the piece gradient and the camp tint use them. */
export const PALETTE: Readonly<Record<SeatColor, Shades>> = {
  red: { base: "#d7263d", light: "#ff8a96", dark: "#7a0f1d", campLight: "#f7cfc9", campDark: "#d98f86" },
  blue: { base: "#1f6fd1", light: "#8cc2ff", dark: "#0b346b", campLight: "#cfe0f7", campDark: "#8fb0dc" },
  green: { base: "#2e9d4a", light: "#94e3a7", dark: "#12502a", campLight: "#d3ecd2", campDark: "#93c495" },
  yellow: { base: "#f2b31a", light: "#ffe58a", dark: "#8a5a00", campLight: "#faecb4", campDark: "#e0bd5c" },
};

export function seatColor(seat: Seat): SeatColor {
  return SEAT_COLORS[seat % SEAT_COLORS.length] ?? "red";
}

/** CSS custom properties for a seat's shades, to put on an element's style. */
export function seatStyle(seat: Seat): string {
  const p = PALETTE[seatColor(seat)];
  return `--seat:${p.base};--seat-light:${p.light};--seat-dark:${p.dark};--camp-light:${p.campLight};--camp-dark:${p.campDark}`;
}
