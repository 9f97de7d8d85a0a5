import type { BotInput, PublicMoveSummary, Seat } from "../../../engine/types";
import { ALL_CARDS, canPlay, cardKey, copiesOf, elementOf, sameCard } from "../cards";
import { playsOf } from "../legal";
import { ELEMENTS, type Card, type Element, type WhisMove, type WhisMoveSummary, type WhisView } from "../types";

/** What an opponent is known to lack: learnt when they drew for want of a playable card. */
export interface Void {
  readonly elements: ReadonlySet<Element>; // they held no card of these elements…
  readonly wild: boolean; // …and no Light or Darkness
  readonly since: number; // unknown cards they have drawn since (each may have filled the void)
}

/**
 * Everything a bot may know, derived from its seat's view and the public summaries only (never the
 * state): this is what makes the bots fair, and the fairness test checks it by reshuffling the hidden
 * parts of a state.
 */
export interface Knowledge {
  readonly view: WhisView;
  readonly seat: Seat;
  readonly hand: readonly Card[];
  readonly moves: readonly WhisMove[]; // every legal move, as legalMoves lists them
  readonly seatCount: number;
  /** Unseen copies of each card (by `cardKey`): in the pile or another hand. */
  readonly unseen: ReadonlyMap<string, number>;
  readonly unseenTotal: number;
  /** Per seat, what it is known to lack this round (null: nothing known). */
  readonly voids: readonly (Void | null)[];
}

/** What the seat in `input` knows. Throws for a spectator view: only seated players get a bot. */
export function knowledgeOf(input: BotInput<WhisView>): Knowledge {
  const view = input.view;
  const hand = view.hand;
  if (hand === null) throw new Error("a WHIS bot needs a seat's view");
  const unseen = new Map<string, number>();
  for (const card of ALL_CARDS) unseen.set(cardKey(card), copiesOf(view.options.deck, card));
  for (const card of [...hand, ...view.discard]) unseen.set(cardKey(card), (unseen.get(cardKey(card)) ?? 0) - 1);
  let unseenTotal = 0;
  for (const n of unseen.values()) unseenTotal += n;
  return {
    view,
    seat: input.seat,
    hand,
    moves: movesOf(view, hand),
    seatCount: view.handCounts.length,
    unseen,
    unseenTotal,
    voids: voidsOf(input.history, view.handCounts.length),
  };
}

/** The legal moves, from the view alone (the same list as `legalMoves` on the state). */
export function movesOf(view: WhisView, hand: readonly Card[]): WhisMove[] {
  if (view.finished || view.turn !== view.seat) return [];
  if (view.phase === "drawn") return [...(view.drawnCard === null ? [] : playsOf(view.drawnCard)), { type: "keep" }];
  const distinct: Card[] = [];
  for (const card of hand) if (canPlay(card, view) && !distinct.some((c) => sameCard(c, card))) distinct.push(card);
  const moves = distinct.flatMap(playsOf);
  if (view.attack > 0 || distinct.length === 0) moves.push({ type: "draw" });
  if (view.attack === 0) moves.push({ type: "pass" });
  return moves;
}

/** Reads the current round's summaries: who drew for want of a card, and what they drew since. */
function voidsOf(history: readonly PublicMoveSummary[], seatCount: number): (Void | null)[] {
  const voids: (Void | null)[] = Array.from({ length: seatCount }, () => null);
  let start = history.length;
  while (start > 0 && !endsRound(history[start - 1])) start--;
  for (const entry of history.slice(start)) {
    const s = entry as WhisMoveSummary;
    const current = voids[s.seat] ?? null;
    if (s.type === "draw" && !s.penalty && !s.deciding) {
      // Nothing playable before, and the drawn card did not fit either.
      const elements = new Set(current === null ? [] : current.since === 0 ? current.elements : []);
      elements.add(s.asked);
      voids[s.seat] = { elements, wild: true, since: 0 };
    } else if (s.type === "draw" && !s.penalty && s.deciding) {
      const elements = new Set(current === null ? [] : current.since === 0 ? current.elements : []);
      elements.add(s.asked);
      voids[s.seat] = { elements, wild: true, since: 1 }; // holds one card that fits, until played or kept
    } else if (s.type === "play" && s.fromDraw && current !== null) {
      voids[s.seat] = { ...current, since: Math.max(0, current.since - 1) };
    } else if (s.type === "keep") {
      voids[s.seat] = null;
    } else if ((s.type === "draw" || s.type === "pass") && current !== null) {
      voids[s.seat] = { ...current, since: current.since + s.count };
    }
  }
  return voids;
}

function endsRound(entry: PublicMoveSummary | undefined): boolean {
  const s = entry as WhisMoveSummary | undefined;
  return s !== undefined && s.type !== "keep" && s.roundEnd !== null;
}

/** How many cards of `element` a hand holds. */
export function countElement(hand: readonly Card[], element: Element): number {
  return hand.filter((c) => elementOf(c) === element).length;
}

/** The element the hand holds most of (ties: the seed's order: water, fire, wind). */
export function favouriteElement(hand: readonly Card[]): Element {
  let best: Element = ELEMENTS[0];
  for (const e of ELEMENTS) if (countElement(hand, e) > countElement(hand, best)) best = e;
  return best;
}

/** The hand without one copy of `card`. */
export function without(hand: readonly Card[], card: Card): Card[] {
  const i = hand.findIndex((c) => sameCard(c, card));
  return i < 0 ? hand.slice() : [...hand.slice(0, i), ...hand.slice(i + 1)];
}

