import { CARD_VALUES, ELEMENTS, type Card, type Element } from "../../../../shared/games/whis";
import type { Translate } from "../../lib/errors";

/** What a card shows: one drawing per face (specials and transitions differ by element). */
export const FACES = ["simple", "attack", "prism", "double", "change", "volt", "ice", "earth", "light", "darkness"] as const;
export type Face = (typeof FACES)[number];

/** A card's frame colour: its element, or yellow (Light) / grey (Darkness). */
export type Frame = Element | "light" | "darkness";

const SPECIAL_FACE: Readonly<Record<Element, Face>> = { water: "prism", fire: "double", wind: "change" };
const TRANSITION_FACE: Readonly<Record<Element, Face>> = { water: "volt", fire: "ice", wind: "earth" };

/** The seed's colours: Water blue, Fire red, Wind green, Light yellow, Darkness grey. */
export const FRAME_COLORS: Readonly<Record<Frame, { readonly main: string; readonly light: string; readonly dark: string }>> = {
  water: { main: "#1f6fd1", light: "#d7e8fb", dark: "#0d3f80" },
  fire: { main: "#d7322b", light: "#fbdcd6", dark: "#83130f" },
  wind: { main: "#2e9b4a", light: "#d9f2de", dark: "#14592a" },
  light: { main: "#f2c21b", light: "#fff6cc", dark: "#9a7400" },
  darkness: { main: "#5d5f6e", light: "#e2e2e8", dark: "#2a2b33" },
};

export function faceOf(card: Card): Face {
  if (card.kind === "light" || card.kind === "darkness") return card.kind;
  if (card.kind === "special") return SPECIAL_FACE[card.element];
  if (card.kind === "transition") return TRANSITION_FACE[card.element];
  return card.kind;
}

export function frameOf(card: Card): Frame {
  return "element" in card ? card.element : card.kind;
}

/** A card's name in the UI language: "Fire attack", "Prism", "Light". */
export function cardName(card: Card, t: Translate): string {
  const face = faceOf(card);
  const element = "element" in card ? t(`games.whis.elements.${card.element}`) : "";
  return t(`games.whis.cards.${face}`, { values: { element } });
}

export function elementName(element: Element, t: Translate): string {
  return t(`games.whis.elements.${element}`);
}

export function isElement(value: unknown): value is Element {
  return ELEMENTS.some((e) => e === value);
}

/** One line per distinct card of the Cards page: the card, its effect key and its value. */
export interface CardEntry {
  readonly card: Card;
  readonly face: Face;
  readonly value: number;
}

export function cardEntry(card: Card): CardEntry {
  return { card, face: faceOf(card), value: CARD_VALUES[card.kind] };
}
