import { z } from "zod";
import { DEFAULT_DECK, deckSize } from "./cards";
import { DEFAULT_ROUNDS, ELEMENTAL_KINDS, ELEMENTS, MAX_ROUNDS, MIN_DECK_SIZE, WILD_KINDS, type WhisMove, type WhisOptions } from "./types";

const copies = (min: number, max: number, fallback: number) => z.number().int().min(min).max(max).default(fallback);

/**
 * The deck's composition: `simple`, `attack`, `special` and `transition` are copies per element
 * (each of the three elements gets that many), `light` and `darkness` are copies of each wild card.
 * Default: 9 + 3 + 3 + 3 per element and 3 + 3 wilds, 60 cards. At least 60 cards in all.
 */
export const deckSchema = z
  .object({
    simple: copies(1, 20, DEFAULT_DECK.simple),
    attack: copies(0, 10, DEFAULT_DECK.attack),
    special: copies(0, 10, DEFAULT_DECK.special),
    transition: copies(0, 10, DEFAULT_DECK.transition),
    light: copies(0, 10, DEFAULT_DECK.light),
    darkness: copies(0, 10, DEFAULT_DECK.darkness),
  })
  .strict()
  .refine((deck) => deckSize(deck) >= MIN_DECK_SIZE, { message: `the deck needs at least ${MIN_DECK_SIZE} cards` });

/** Room options: the deck and the number of rounds (the seed plays 5). */
export const optionsSchema = z
  .object({
    deck: deckSchema.default({ ...DEFAULT_DECK }),
    rounds: z.number().int().min(1).max(MAX_ROUNDS).default(DEFAULT_ROUNDS),
  })
  .strict() satisfies z.ZodType<WhisOptions, unknown>;

const element = z.enum(ELEMENTS);

/** A card named by kind and element: elemental kinds need an element, wild cards take none. */
export const cardSchema = z.union([
  z.object({ kind: z.enum(ELEMENTAL_KINDS), element }).strict(),
  z.object({ kind: z.enum(WILD_KINDS) }).strict(),
]);

/** A move as sent by a client; `apply` still checks turn, hand and rules. */
export const moveSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("play"), card: cardSchema, ask: element.optional() }).strict(),
  z.object({ type: z.literal("draw") }).strict(),
  z.object({ type: z.literal("pass") }).strict(),
  z.object({ type: z.literal("keep") }).strict(),
]) satisfies z.ZodType<WhisMove, unknown>;
