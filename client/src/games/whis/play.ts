import { choosesElement, sameCard, type Card, type Element, type WhisMove, type WhisView } from "../../../../shared/games/whis";

/** What Shift (or the draw button) does now: take the attack / draw when nothing fits, pass otherwise, keep a drawn card. */
export type DrawAction = "draw" | "pass" | "keep";

export function drawAction(view: WhisView): DrawAction {
  if (view.phase === "drawn") return "keep";
  if (view.attack > 0) return "draw";
  return view.playable?.some(Boolean) === true ? "pass" : "draw";
}

/** Why a card of the hand cannot be played now: one of the engine's rule codes, with what the sentence needs. */
export type Illegal =
  | { readonly code: "NOT_YOUR_TURN" }
  | { readonly code: "NOT_DRAWN_CARD" }
  | { readonly code: "ATTACK_ACTIVE"; readonly n: number }
  | { readonly code: "CARD_NOT_COMPATIBLE"; readonly element: Element };

/** Null when the card at `index` may be played (the view's `playable` is the authority). */
export function whyNot(view: WhisView, index: number, myTurn: boolean): Illegal | null {
  if (view.playable?.[index] === true) return null;
  if (!myTurn) return { code: "NOT_YOUR_TURN" };
  const card = view.hand?.[index];
  if (view.phase === "drawn" && (index !== (view.hand?.length ?? 0) - 1 || card === undefined || view.drawnCard === null || !sameCard(card, view.drawnCard))) {
    return { code: "NOT_DRAWN_CARD" };
  }
  if (view.attack > 0) return { code: "ATTACK_ACTIVE", n: view.attack };
  return { code: "CARD_NOT_COMPATIBLE", element: view.asked };
}

/** The move that plays `card` (with the element asked of the next player when the card chooses one). */
export function playMove(card: Card, ask?: Element): WhisMove {
  const plain: Card = "element" in card ? { kind: card.kind, element: card.element } : { kind: card.kind };
  return choosesElement(card) && ask !== undefined ? { type: "play", card: plain, ask } : { type: "play", card: plain };
}

/** Where a suggested move points: the hand card to play (and element), or the button to press. */
export interface HintTarget {
  readonly index: number | null;
  readonly element: Element | null;
  readonly action: DrawAction | null;
}

export function hintTarget(view: WhisView, hint: WhisMove | null): HintTarget | null {
  if (hint === null) return null;
  if (hint.type !== "play") return { index: null, element: null, action: hint.type };
  // In the "drawn" phase only the last card is playable, so this finds the drawn card itself.
  const index = (view.hand ?? []).findIndex((card, i) => sameCard(card, hint.card) && view.playable?.[i] === true);
  return { index: index < 0 ? null : index, element: hint.ask ?? null, action: null };
}

/** The next index in `direction` (wrapping), for the arrow keys. */
export function step(current: number, direction: 1 | -1, length: number): number {
  if (length <= 0) return 0;
  return (((current + direction) % length) + length) % length;
}
