import { formatCell } from "../../../../shared/games/halma";
import { joinLines, sentence, type HistoryContext, type HistoryLine } from "../history";
import { asMoveSummary } from "./view";
import type { PlayerColour } from "../../room/seatColors";

/** A piece in the history, in its player's colour at the table. */
export interface HalmaPicture {
  readonly seat: number;
  readonly colour: PlayerColour;
}

/**
 * A Halma log record as a sentence: "Bruno jumped [blue piece] e1 → e3 → e5", then a sentence for
 * each seat skipped because it could not move.
 */
export function halmaSentence(summary: unknown, { t, name, colour }: HistoryContext): HistoryLine<HalmaPicture> | null {
  const move = asMoveSummary(summary);
  if (move === null) return null;
  const s = (key: string): string => `games.halma.sentence.${key}`;
  let path: string;
  try {
    path = move.path.map(formatCell).join("\u00a0→ "); // an arrow never starts a line
  } catch {
    path = typeof move.notation === "string" ? move.notation : "?";
  }
  const piece = { seat: move.seat, colour: colour(move.seat) };
  const alt = t(s("piece"), { values: { color: t(`table.colors.${piece.colour.name}`) } });
  const main = sentence(t, s(move.kind === "jump" ? "jump" : "step"), { name: name(move.seat), path }, { piece: { pictures: [piece], alt } });
  const skipped = (Array.isArray(move.skipped) ? move.skipped : []).map((seat) => sentence<HalmaPicture>(t, s("skipped"), { name: name(seat) }));
  return joinLines([main, ...skipped]);
}
