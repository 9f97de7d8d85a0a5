import type { Card } from "../../../../shared/games/whis";
import { joinLines, sentence, type HistoryContext, type HistoryLine } from "../history";
import { cardName, elementName, isElement } from "./cardInfo";
import { isCard } from "./view";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** What a played card did, as the clauses that follow "Alice played [card]". */
function effects(summary: Record<string, unknown>, card: Card, t: HistoryContext["t"]): string {
  const s = (key: string, values?: Record<string, string | number>): string => t(`games.whis.sentence.${key}`, values === undefined ? undefined : { values });
  const ask = summary["ask"];
  const asked = summary["asked"];
  let text = "";
  if (isElement(ask)) text += s("ask", { element: elementName(ask, t) });
  else if (card.kind === "transition" && isElement(asked)) text += s("becomes", { element: elementName(asked, t) });
  if (num(summary["attack"]) > 0) text += s("attack", { n: num(summary["attack"]) });
  if (summary["again"] === true) text += s("again");
  if (summary["reversed"] === true) text += s("reversed");
  return text;
}

/**
 * A WHIS log record as a sentence: "Alice played [Fire attack], an attack of 4 cards", "Bruno drew
 * 2 cards from the attack", then the pile's reshuffle and the round's end when they happened.
 */
export function whisSentence(summary: unknown, { seat, t, name }: HistoryContext): HistoryLine<Card> | null {
  if (!isRecord(summary)) return null;
  const key = (k: string): string => `games.whis.sentence.${k}`;
  const mover = typeof summary["seat"] === "number" ? summary["seat"] : seat;
  const who = name(mover);
  const n = num(summary["count"]);
  let main: HistoryLine<Card>;
  switch (summary["type"]) {
    case "play": {
      const card = summary["card"];
      if (!isCard(card)) return null;
      const played = sentence(t, key(summary["fromDraw"] === true ? "playDrawn" : "play"), { name: who }, { card: { pictures: [card], alt: cardName(card, t) } });
      const clauses = effects(summary, card, t);
      main = clauses === "" ? played : [...played, { text: clauses }];
      break;
    }
    case "draw":
      main = sentence(t, key(summary["penalty"] === true ? "drawPenalty" : "draw"), { name: who, n });
      break;
    case "pass":
      main = sentence(t, key("pass"), { name: who, n });
      break;
    case "keep":
      main = sentence(t, key("keep"), { name: who });
      break;
    default:
      return null;
  }
  const after: HistoryLine<Card>[] = [];
  if (summary["reshuffled"] === true) after.push(sentence(t, key("reshuffled")));
  const end = summary["roundEnd"];
  if (isRecord(end)) {
    const round = num(end["round"]);
    if (end["winner"] === mover) after.push(sentence(t, key("roundWon"), { name: who, round }));
    else if (end["loser"] === mover) after.push(sentence(t, key("roundLost"), { name: who, round }));
  }
  return joinLines([main, ...after]);
}
