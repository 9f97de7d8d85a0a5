import type { BotStrategy } from "../../../engine/types";
import { cardValue, choosesElement, elementOf, isWild, TRANSITION_TARGET } from "../cards";
import type { Card, Element, WhisMove, WhisView } from "../types";
import { countElement, favouriteElement, knowledgeOf, without, type Knowledge } from "./knowledge";

/** An opponent with this many cards or fewer is close to going out. */
export const CLOSE_TO_OUT = 2;

/**
 * "Moyen": keeps its attacks to answer attacks (and always answers one when it can), dumps its most
 * valuable playable card when an opponent is close to going out, otherwise plays an ordinary card
 * leading to the element it holds most of, then a wild, and an attack only as a last resort. Asks for
 * the element it holds most of. Never passes voluntarily.
 */
export const medium: BotStrategy<WhisView, WhisMove> = {
  id: "medium",
  names: { fr: "Moyen", en: "Medium" },
  decide(input) {
    const k = knowledgeOf(input);
    const plays = playable(k);
    if (k.view.phase === "drawn") {
      const drawn = plays[0];
      return drawn !== undefined && (drawn.kind !== "attack" || opponentClose(k)) ? playCard(k, drawn) : { type: "keep" };
    }
    if (plays.length === 0) return { type: "draw" };
    if (k.view.attack > 0) return playCard(k, best(plays, (c) => countElement(without(k.hand, c), elementOf(c) ?? "water")));
    if (opponentClose(k)) return playCard(k, best(plays, cardValue));
    const ordinary = plays.filter((c) => c.kind !== "attack" && !isWild(c));
    if (ordinary.length > 0) return playCard(k, best(ordinary, (c) => 10 * countElement(without(k.hand, c), leadsTo(k, c)) + cardValue(c)));
    const wild = plays.find(isWild);
    return playCard(k, wild ?? (plays[0] as Card));
  },
};

/** The distinct cards that may be played now (the drawn card only, when deciding on it). */
export function playable(k: Knowledge): Card[] {
  const out: Card[] = [];
  for (const move of k.moves) {
    if (move.type === "play" && !out.some((c) => c.kind === move.card.kind && elementOf(c) === elementOf(move.card))) out.push(move.card);
  }
  return out;
}

/** The play move for `card`, asking for the element the rest of the hand holds most of. */
export function playCard(k: Knowledge, card: Card, ask?: Element): WhisMove {
  if (!choosesElement(card)) return { type: "play", card };
  return { type: "play", card, ask: ask ?? favouriteElement(without(k.hand, card)) };
}

/** The element asked after `card` (a choosing card: the favourite of the rest of the hand). */
export function leadsTo(k: Knowledge, card: Card): Element {
  const element = elementOf(card);
  if (choosesElement(card) || element === null) return favouriteElement(without(k.hand, card));
  return card.kind === "transition" ? TRANSITION_TARGET[element] : element;
}

export function opponentClose(k: Knowledge): boolean {
  return k.view.handCounts.some((n, seat) => seat !== k.seat && n <= CLOSE_TO_OUT);
}

/** The item with the highest score; the first one on ties. */
export function best<T>(items: readonly T[], score: (item: T) => number): T {
  let top = items[0] as T;
  let topScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > topScore) [top, topScore] = [item, s];
  }
  return top;
}
