import type { Translate } from "../lib/errors";
import { nameIn, type Names } from "../lib/api";

/** The parts of a seat a display name depends on (a live seat, a saved player, a replay seat). */
export interface NamedSeat {
  readonly kind: string;
  readonly nickname: string | null;
  readonly bot: string | null;
}

/** Whether `seat` is played by a computer (a stand-in for an absent human is not: the seat stays theirs). */
export function isComputerSeat(seats: readonly Pick<NamedSeat, "kind">[], seat: number): boolean {
  return seats[seat]?.kind === "computer";
}

/** A computer level in the UI language ("Hard" / « Difficile »), or its id when the catalogue lacks it. */
export function botLabel(bots: readonly { id: string; names: Names }[], id: string | null, language: string): string {
  const bot = bots.find((b) => b.id === id);
  return bot === undefined ? (id ?? "") : nameIn(bot.names, language);
}

/**
 * Display names per seat. Computers are named by level in the UI language (the server stores an
 * English name); names shown twice get their seat number, so "Computer · Easy" ×2 stays readable.
 */
export function seatNames(seats: readonly NamedSeat[], level: (bot: string | null) => string, t: Translate): string[] {
  const raw = seats.map((seat, index) => {
    if (seat.kind === "computer") return t("room.computerName", { values: { level: level(seat.bot) } });
    return seat.nickname ?? t("room.seatN", { values: { n: index + 1 } });
  });
  return raw.map((name, index) => (raw.indexOf(name) !== raw.lastIndexOf(name) ? `${name} #${index + 1}` : name));
}
