import { ANIMALS, BACKGROUNDS, type Card, type PowerKind } from "./types";

/** The 25 cards: every animal on every background, animals in the outer loop. */
export function fullDeck(): Card[] {
  return ANIMALS.flatMap((animal) => BACKGROUNDS.map((background) => ({ animal, background })));
}

/** The seed's two-letter key, animal then background (`Wy` = walrus on yellow). */
export function cardKey(card: Card): string {
  return `${card.animal}${card.background}`;
}

export function sameCard(a: Card, b: Card): boolean {
  return a.animal === b.animal && a.background === b.background;
}

/** The matching rule: a card follows another when it shares the animal or the background. */
export function matches(card: Card, previous: Card): boolean {
  return card.animal === previous.animal || card.background === previous.background;
}

/** A copy, so views and summaries never share objects with the state. */
export function copyCard(card: Card): Card {
  return { animal: card.animal, background: card.background };
}

/** Expert rules: what an animal does when revealed validly. */
export const POWER_OF: Readonly<Record<Card["animal"], PowerKind | "turtle">> = {
  C: "crab",
  P: "penguin",
  O: "octopus",
  T: "turtle",
  W: "walrus",
};

/** The rubies cards of the physical game: three of 1, two of 2, one of 3, one of 4. */
export const REWARD_CARDS: readonly number[] = [1, 1, 1, 2, 2, 3, 4];

/** One reward card per round. */
export const ROUNDS = REWARD_CARDS.length;
