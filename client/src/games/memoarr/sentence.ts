import type { Card } from "../../../../shared/games/memoarr";
import { joinLines, sentence, type HistoryContext, type HistoryLine } from "../history";
import { asSummary, cardName } from "./summary";

/**
 * A Memoarr! log record as a sentence: "Alice turned over [blue walrus] on B4, a match", then the
 * animal's power, the round's winner and the game's end when they happened.
 */
export function memoarrSentence(summary: unknown, { t, name }: HistoryContext): HistoryLine<Card> | null {
  const s = asSummary(summary);
  if (s === null) return null;
  const key = (k: string): string => `games.memoarr.sentence.${k}`;
  const picture = (card: Card) => ({ card: { pictures: [card], alt: cardName(card, t) } });
  switch (s.type) {
    case "ready":
      return sentence(t, key(s.peekEnded ? "readyEnded" : "ready"), { name: name(s.seat) });
    case "peekEnd":
      return sentence(t, key("peekEnd"));
    case "reveal": {
      const who = name(s.seat);
      const outcome = s.match === null ? "first" : s.match ? "match" : "miss";
      const lines = [sentence(t, key("reveal"), { name: who, cell: s.cell, outcome }, picture(s.card))];
      if (s.power === "turtle") lines.push(sentence(t, key("turtle"), { name: s.skipped === null ? "?" : name(s.skipped) }));
      else if (s.power !== null) lines.push(sentence(t, key(s.power), { name: who }));
      if (s.roundEnd !== null) lines.push(sentence(t, key("roundWon"), { name: name(s.roundEnd.winner), round: s.roundEnd.round }));
      if (s.gameOver) lines.push(sentence(t, key("gameOver")));
      return joinLines(lines);
    }
    case "swap":
      return sentence(t, key("swap"), { name: name(s.seat), from: s.from, to: s.to });
    case "hide":
      return sentence(t, key("hide"), { name: name(s.seat), cell: s.cell }, picture(s.card));
    case "skip":
      return sentence(t, key("skip"), { name: name(s.seat) });
    case "forbid":
      return sentence(t, key("forbid"), { name: name(s.seat), cell: s.cell });
  }
}
