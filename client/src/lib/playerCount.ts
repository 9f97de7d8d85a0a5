import type { Translate } from "./errors";

/** What a game definition says about its seats (the catalogue's `minSeats`, `maxSeats`, `seatCounts`). */
export interface SeatRange {
  readonly minSeats: number;
  readonly maxSeats: number;
  readonly seatCounts?: readonly number[] | undefined;
}

/** The playable numbers of players, in order: `seatCounts` when the game lists them, else min..max. */
export function playableCounts(game: SeatRange): number[] {
  if (game.seatCounts !== undefined && game.seatCounts.length > 0) return [...game.seatCounts].sort((a, b) => a - b);
  const counts: number[] = [];
  for (let n = game.minSeats; n <= game.maxSeats; n++) counts.push(n);
  return counts;
}

/**
 * "2 players", "2–4 players" or "2 or 4 players", from the definition: one count, a run of
 * consecutive counts, or a list of separate ones (joined with the language's "or").
 */
export function playerCountText(game: SeatRange, t: Translate, lang: string): string {
  const counts = playableCounts(game);
  const first = counts[0] ?? game.minSeats;
  const last = counts[counts.length - 1] ?? game.maxSeats;
  if (first === last) return t("home.playersExactly", { values: { n: first } });
  const consecutive = counts.every((n, i) => i === 0 || n === (counts[i - 1] ?? n) + 1);
  if (consecutive) return t("home.playersRange", { values: { min: first, max: last } });
  const list = new Intl.ListFormat(lang, { type: "disjunction" }).format(counts.map(String));
  return t("home.playersList", { values: { list, n: last } });
}
