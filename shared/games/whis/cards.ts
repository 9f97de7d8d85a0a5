import { ELEMENTAL_KINDS, ELEMENTS, WILD_KINDS, type Card, type CardKind, type DeckComposition, type Element } from "./types";

/** Cards dealt to each seat at the start of a round. */
export const HAND_SIZE = 6;

/** Having to draw while holding this many cards loses the round. */
export const HAND_LIMIT = 15;

/** Cards drawn for each attack in an unanswered chain (three attacks: 6 cards). */
export const ATTACK_DRAW = 2;

/** The seed's card values for scoring. */
export const CARD_VALUES: Readonly<Record<CardKind, number>> = {
  simple: 2,
  transition: 2,
  special: 5,
  attack: 10,
  light: 20,
  darkness: 20,
};

/** Tablée's default deck (the seed gives none): 60 cards. */
export const DEFAULT_DECK: DeckComposition = { simple: 9, attack: 3, special: 3, transition: 3, light: 3, darkness: 3 };

/** Where each transition card leads: Volt water → wind, Ice fire → water, Earth wind → fire. */
export const TRANSITION_TARGET: Readonly<Record<Element, Element>> = { water: "wind", fire: "water", wind: "fire" };

/** The seed's names of the specials and transitions, by element (for summaries and tests). */
export const SPECIAL_NAMES: Readonly<Record<Element, string>> = { water: "prism", fire: "double", wind: "change" };
export const TRANSITION_NAMES: Readonly<Record<Element, string>> = { water: "volt", fire: "ice", wind: "earth" };

/** A card's scoring value. */
export function cardValue(card: { readonly kind: CardKind }): number {
  return CARD_VALUES[card.kind];
}

/** The total value of a hand. */
export function handValue(hand: readonly { readonly kind: CardKind }[]): number {
  return hand.reduce((sum, card) => sum + cardValue(card), 0);
}

/** The card's element, or null for Light and Darkness. */
export function elementOf(card: Card): Element | null {
  return "element" in card ? card.element : null;
}

export function isWild(card: Card): boolean {
  return card.kind === "light" || card.kind === "darkness";
}

/** Prism, Light and Darkness make their player choose the element asked of the next player. */
export function choosesElement(card: Card): boolean {
  return isWild(card) || (card.kind === "special" && card.element === "water");
}

/** Cards of the same kind and element are interchangeable. */
export function sameCard(a: Card, b: Card): boolean {
  return a.kind === b.kind && elementOf(a) === elementOf(b);
}

/** A stable short name: `simple:water`, `light`. */
export function cardKey(card: Card): string {
  const element = elementOf(card);
  return element === null ? card.kind : `${card.kind}:${element}`;
}

/** A fresh copy of a card (views and summaries never share objects with the state). */
export function copyCard(card: Card): Card {
  return "element" in card ? { kind: card.kind, element: card.element } : { kind: card.kind };
}

/** Every distinct card, elemental kinds element by element, then the wilds. */
export const ALL_CARDS: readonly Card[] = [
  ...ELEMENTS.flatMap((element) => ELEMENTAL_KINDS.map((kind): Card => ({ kind, element }))),
  ...WILD_KINDS.map((kind): Card => ({ kind })),
];

/** How many copies of `card` a deck of this composition holds. */
export function copiesOf(deck: DeckComposition, card: Card): number {
  return deck[card.kind];
}

/** The whole deck, unshuffled. */
export function buildDeck(deck: DeckComposition): Card[] {
  return ALL_CARDS.flatMap((card) => Array.from({ length: copiesOf(deck, card) }, () => copyCard(card)));
}

/** Number of cards in a deck of this composition. */
export function deckSize(deck: DeckComposition): number {
  return ALL_CARDS.reduce((sum, card) => sum + copiesOf(deck, card), 0);
}

/** The situation a card is played into: the element asked and the active attack's draw count. */
export interface Situation {
  readonly asked: Element;
  readonly attack: number; // 0 = no active attack
}

/**
 * Whether `card` may be played now. On an active attack only another attack, of any element, may be
 * played (Light and Darkness cannot answer it); otherwise a wild card, or a card of the element asked.
 * A neutralised attack is no special case: its element is simply the element asked.
 */
export function canPlay(card: Card, situation: Situation): boolean {
  if (situation.attack > 0) return card.kind === "attack";
  return isWild(card) || elementOf(card) === situation.asked;
}
