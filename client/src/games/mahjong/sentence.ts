import type { Family } from "../../../../shared/games/mahjong";
import { joinLines, sentence, type HistoryContext, type HistoryLine } from "../history";
import { asMahjongSummary } from "./view";

/** A tile in the history, by its family. */
export interface MahjongPicture {
  readonly family: Family;
}

/**
 * A Mahjong++ log record as a sentence: "Alice removed a pair of tiles [“dates”] for 20 points" (the
 * pictures named by their family alone: the words around them already say "tile" and "pair"). A
 * first selection on the hard level names no family (its face is secret again), so no picture.
 * Timeouts come from the clock's seat: the record's own seat is whose turn ran out.
 */
export function mahjongSentence(summary: unknown, { t, name }: HistoryContext): HistoryLine<MahjongPicture> | null {
  const s = asMahjongSummary(summary);
  if (s === null) return null;
  const key = (k: string): string => `games.mahjong.sentence.${k}`;
  const who = name(s.seat);
  const familyName = (family: Family): string => t(`games.mahjong.families.${family}`);
  let main: HistoryLine<MahjongPicture>;
  switch (s.type) {
    case "select":
      if (s.result === "pair" && s.family !== null) {
        const tiles = { pictures: [{ family: s.family }, { family: s.family }], alt: t(key("family"), { values: { family: familyName(s.family) } }) };
        main = sentence(t, key("pair"), { name: who, points: s.points }, { tiles });
      } else if (s.result === "first" && s.family !== null) {
        const tile = { pictures: [{ family: s.family }], alt: t(key("family"), { values: { family: familyName(s.family) } }) };
        main = sentence(t, key("picked"), { name: who }, { tile });
      } else {
        main = sentence(t, key(s.result === "first" ? "pickedHidden" : "deselect"), { name: who });
      }
      break;
    case "shuffle":
      main = sentence(t, key(s.kind === "bonshuffle" ? "bonshuffle" : "shuffle"), { name: who });
      break;
    case "endTurn":
    case "timeout":
      main = sentence(t, key(s.type), { name: who });
      break;
  }
  const passed = s.passed.map((seat) => sentence<MahjongPicture>(t, key("passed"), { name: name(seat) }));
  const end = s.endReason === null ? [] : [sentence<MahjongPicture>(t, key(`end.${s.endReason}`))];
  return joinLines([main, ...passed, ...end]);
}
