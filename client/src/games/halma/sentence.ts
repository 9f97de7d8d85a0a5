import { formatCell } from "../../../../shared/games/halma";
import { joinLines, sentence, type HistoryContext, type HistoryLine } from "../history";
import { seatColor } from "./colors";
import { asMoveSummary } from "./view";

/** A piece in the history: its seat decides its colour. */
export interface HalmaPicture {
  readonly seat: number;
}

/**
 * A Halma log record as a sentence: "Bruno jumped [blue piece] e1 → e3 → e5", then a sentence for
 * each seat skipped because it could not move.
 */
export function halmaSentence(summary: unknown, { t, name }: HistoryContext): HistoryLine<HalmaPicture> | null {
  const move = asMoveSummary(summary);
  if (move === null) return null;
  const s = (key: string): string => `games.halma.sentence.${key}`;
  let path: string;
  try {
    path = move.path.map(formatCell).join("\u00a0→ "); // an arrow never starts a line
  } catch {
    path = typeof move.notation === "string" ? move.notation : "?";
  }
  const alt = t(s("piece"), { values: { color: t(`games.halma.colors.${seatColor(move.seat)}`) } });
  const main = sentence(t, s(move.kind === "jump" ? "jump" : "step"), { name: name(move.seat), path }, { piece: { pictures: [{ seat: move.seat }], alt } });
  const skipped = (Array.isArray(move.skipped) ? move.skipped : []).map((seat) => sentence<HalmaPicture>(t, s("skipped"), { name: name(seat) }));
  return joinLines([main, ...skipped]);
}
