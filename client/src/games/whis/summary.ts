import type { WhisMoveSummary } from "../../../../shared/games/whis";
import type { Translate } from "../../lib/errors";
import { cardName, elementName, isElement } from "./cardInfo";
import { isCard } from "./view";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

const num = (value: unknown): number => (typeof value === "number" ? value : 0);

/** The round-end note of a record ("wins round 2", "round 3 lost with 15 cards"), or null. */
function roundEndText(summary: Record<string, unknown>, t: Translate): string | null {
  const end = summary["roundEnd"];
  if (!isRecord(end)) return null;
  const round = num(end["round"]);
  if (end["winner"] === summary["seat"]) return t("games.whis.history.roundWon", { values: { round } });
  if (end["loser"] === summary["seat"]) return t("games.whis.history.roundLost", { values: { round } });
  return null;
}

/**
 * A WHIS log record as history text: "Fire attack · attack: 4 to draw", "Light (just drawn) · asks Water", "Ice → Water",
 * "drew 2 cards (attack)", "passed (drew 1 card)", "kept the drawn card".
 */
export function formatWhisSummary(summary: unknown, t: Translate): string | null {
  if (!isRecord(summary)) return null;
  const parts: string[] = [];
  switch (summary["type"] as WhisMoveSummary["type"] | undefined) {
    case "play": {
      const card = summary["card"];
      if (!isCard(card)) return null;
      // The card with what qualifies it, one part: "Ice (just drawn) → Water", not "Ice · → Water".
      let played = cardName(card, t);
      if (summary["fromDraw"] === true) played += ` ${t("games.whis.history.fromDraw")}`;
      const ask = summary["ask"];
      const asked = summary["asked"];
      if (!isElement(ask) && card.kind === "transition" && isElement(asked)) played += ` ${t("games.whis.history.becomes", { values: { element: elementName(asked, t) } })}`;
      parts.push(played);
      if (isElement(ask)) parts.push(t("games.whis.history.ask", { values: { element: elementName(ask, t) } }));
      if (num(summary["attack"]) > 0) parts.push(t("games.whis.history.attack", { values: { n: num(summary["attack"]) } }));
      if (summary["again"] === true) parts.push(t("games.whis.history.again"));
      if (summary["reversed"] === true) parts.push(t("games.whis.history.reversed"));
      break;
    }
    case "draw":
      parts.push(t(summary["penalty"] === true ? "games.whis.history.drawPenalty" : "games.whis.history.draw", { values: { n: num(summary["count"]) } }));
      break;
    case "pass":
      parts.push(t("games.whis.history.pass", { values: { n: num(summary["count"]) } }));
      break;
    case "keep":
      parts.push(t("games.whis.history.keep"));
      break;
    default:
      return null;
  }
  if (summary["reshuffled"] === true) parts.push(t("games.whis.history.reshuffled"));
  const end = roundEndText(summary, t);
  if (end !== null) parts.push(end);
  return parts.join(" · ");
}
