import type { Translate } from "../../lib/errors";
import { asMahjongSummary } from "./view";

/**
 * A Mahjong++ log record as history text, in the past tense: "removed a pair of dates (+20)".
 * A selection's face is the face it had when it was picked: on the hard level that tile may be face
 * down again (or moved by a shuffle), so the text names no tile position and says "picked", never
 * "is". The clock's records (log seat -1) name whose turn ran out (the history's row names the clock).
 */
export function formatMahjongSummary(summary: unknown, t: Translate, names: readonly string[] = []): string | null {
  const s = asMahjongSummary(summary);
  if (s === null) return null;
  const family = (f: string): string => t(`games.mahjong.families.${f}`);
  const name = (seat: number): string => names[seat] ?? t("room.seatN", { values: { n: seat + 1 } });
  let text: string;
  switch (s.type) {
    case "select":
      if (s.result === "pair" && s.family !== null) text = t("games.mahjong.history.pair", { values: { family: family(s.family), points: s.points } });
      else if (s.result === "first" && s.family !== null) text = t("games.mahjong.history.picked", { values: { family: family(s.family) } });
      else text = t("games.mahjong.history.deselect");
      break;
    case "shuffle":
      text = t(s.kind === "bonshuffle" ? "games.mahjong.history.bonshuffle" : "games.mahjong.history.shuffle");
      break;
    case "endTurn":
      text = t("games.mahjong.history.endTurn");
      break;
    case "timeout":
      text = t("games.mahjong.history.timeout", { values: { name: name(s.seat) } });
      break;
  }
  const parts = [text];
  for (const seat of s.passed) parts.push(t("games.mahjong.history.passed", { values: { name: name(seat) } }));
  if (s.endReason !== null) parts.push(t(`games.mahjong.history.end.${s.endReason}`));
  return parts.join(" · ");
}
