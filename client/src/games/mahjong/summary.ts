import type { Translate } from "../../lib/errors";
import { asMahjongSummary } from "./view";

/**
 * A Mahjong++ log record as history text, in the past tense: "removed a pair of dates (+20)".
 * A selection's face is the face it had when it was picked: on the hard level that tile may be face
 * down again (or moved by a shuffle), so the text names no tile position and says "picked", never
 * "is". The clock's records (log seat -1) say whose turn ran out, as the history cannot name them.
 */
export function formatMahjongSummary(summary: unknown, t: Translate): string | null {
  const s = asMahjongSummary(summary);
  if (s === null) return null;
  const family = (f: string): string => t(`games.mahjong.families.${f}`);
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
      text = t("games.mahjong.history.timeout", { values: { n: s.seat + 1 } });
      break;
  }
  const parts = [text];
  for (const seat of s.passed) parts.push(t("games.mahjong.history.passed", { values: { n: seat + 1 } }));
  if (s.endReason !== null) parts.push(t(`games.mahjong.history.end.${s.endReason}`));
  return parts.join(" · ");
}
