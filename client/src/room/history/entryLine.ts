import type { Seat } from "../../../../shared/engine/types";
import type { GameHistory, HistoryLine } from "../../games/history";
import type { Translate } from "../../lib/errors";
import { colourOfSeat, type PlayerColour } from "../seatColors";

/** A log entry as the history shows it and the move announcer says it. */
export interface LogEntryLike {
  readonly moveNumber: number;
  readonly seat: Seat;
  readonly summary: { readonly type: string };
  readonly standIn?: string;
}

/** A seat as the history names it: the player's name, or "Seat 3" for a seat with none. */
export const seatNamer =
  (nicknames: readonly string[], t: Translate) =>
  (seat: Seat): string =>
    nicknames[seat] ?? t("room.seatN", { values: { n: seat + 1 } });

/** The game's sentence for a log entry ("Alice placed 3 tiles [tiles] for 7 points"), or null when it writes none. */
export function entryLine(history: GameHistory | undefined, entry: LogEntryLike, t: Translate, name: (seat: Seat) => string, colours: readonly PlayerColour[]): HistoryLine<unknown> | null {
  return history?.describe(entry.summary, { seat: entry.seat, t, name, colour: (seat) => colourOfSeat(colours, seat) }) ?? null;
}
