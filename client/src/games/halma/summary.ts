import { formatMove } from "../../../../shared/games/halma";
import type { Translate } from "../../lib/errors";
import { nameList } from "../../i18n/nameGrammar";
import { jumpCount } from "./moveEntry";
import { asMoveSummary } from "./view";

/** A Halma log record as history text: "c3-d4", "c3-e5-g7 (2 jumps)", plus any seat skipped. */
export function formatHalmaSummary(summary: unknown, t: Translate, names: readonly string[] = []): string | null {
  const move = asMoveSummary(summary);
  if (move === null) return null;
  let notation: string;
  try {
    notation = formatMove(move.path);
  } catch {
    notation = typeof move.notation === "string" ? move.notation : "?";
  }
  const jumps = jumpCount(move.path);
  const text =
    jumps === 0 ? t("games.halma.history.move", { values: { notation } }) : t("games.halma.history.jumps", { values: { notation, n: jumps } });
  const skipped = Array.isArray(move.skipped) ? move.skipped : [];
  if (skipped.length === 0) return text;
  const skippedNames = skipped.map((seat) => names[seat] ?? t("room.seatN", { values: { n: seat + 1 } }));
  return `${text} · ${t("games.halma.history.skipped", { values: { names: nameList(skippedNames), n: skipped.length } })}`;
}
