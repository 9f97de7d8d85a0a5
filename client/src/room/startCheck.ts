import type { GameInfo } from "../lib/api";

/**
 * Why the host cannot start yet, mirroring the server's own checks so Start is greyed out with a
 * reason instead of failing: too few players (NOT_ENOUGH_PLAYERS), or a number of players the game
 * is not played with (BAD_SEAT_COUNT, e.g. Halma with 3).
 */
export type StartBlocker =
  | { readonly reason: "needPlayers"; readonly min: number }
  | { readonly reason: "seatCount"; readonly counts: readonly number[] };

/** `players` counts the seats held by a human or a computer: open and closed seats are dropped at start. */
export function startBlocker(players: number, game: Pick<GameInfo, "minSeats" | "seatCounts"> | null): StartBlocker | null {
  const min = game?.minSeats ?? 2;
  if (players < min) return { reason: "needPlayers", min };
  const counts = game?.seatCounts;
  if (counts !== undefined && !counts.includes(players)) return { reason: "seatCount", counts };
  return null;
}

/** "2 or 4" / « 2 ou 4 » in the UI language. */
export function formatCounts(counts: readonly number[], locale: string): string {
  return new Intl.ListFormat(locale, { type: "disjunction" }).format(counts.map(String));
}
