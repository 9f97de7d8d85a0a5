/**
 * A colour per seat for the table around the game (chat names, series tally), the same in every
 * game; readable on white, distinct for the usual colour-vision deficiencies (Okabe–Ito based).
 */
export const SEAT_COLORS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7", "#8c6d00", "#56b4e9", "#7f3fbf", "#4d4d4d"] as const;

export const seatColor = (seat: number | null): string => (seat === null ? "#6b6b6b" : (SEAT_COLORS[seat % SEAT_COLORS.length] ?? "#4d4d4d"));
