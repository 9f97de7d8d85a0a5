import type { RngState, Seat } from "../../engine/types";

/** The three elements, in the seed's order: Eau (blue), Feu (red), Vent (green). */
export const ELEMENTS = ["water", "fire", "wind"] as const;
export type Element = (typeof ELEMENTS)[number];

/** Card kinds that belong to an element (framed in its colour). */
export const ELEMENTAL_KINDS = ["simple", "attack", "special", "transition"] as const;
export type ElementalKind = (typeof ELEMENTAL_KINDS)[number];

/** The two wild cards: Lumière (yellow) and Obscurité (grey). They have no element. */
export const WILD_KINDS = ["light", "darkness"] as const;
export type WildKind = (typeof WILD_KINDS)[number];

export const CARD_KINDS = [...ELEMENTAL_KINDS, ...WILD_KINDS] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/**
 * A card. Cards of the same kind and element are identical, so a card is named by kind and element
 * only: no ids, which could tell a hidden card apart. Specials are Prism (water), Double (fire),
 * Change (wind); transitions are Volt (water → wind), Ice (fire → water), Earth (wind → fire).
 */
export type Card = { readonly kind: ElementalKind; readonly element: Element } | { readonly kind: WildKind };

/** How many copies of each card the deck holds: the first four are per element. */
export interface DeckComposition {
  readonly simple: number;
  readonly attack: number;
  readonly special: number;
  readonly transition: number;
  readonly light: number;
  readonly darkness: number;
}

export interface WhisOptions {
  readonly deck: DeckComposition;
  readonly rounds: number;
}

// The options' limits live here, not with their schemas (schemas.ts): the web client shows them in
// its texts, and a file with zod schemas would bring zod's full build into a room's first load.
/** The smallest deck allowed: with four hands of at most 15 cards, a seat that must draw always finds a card or someone at the limit. */
export const MIN_DECK_SIZE = 60;
export const DEFAULT_ROUNDS = 5;
export const MAX_ROUNDS = 10;

/** Direction of play: +1 = increasing seat numbers. */
export type Direction = 1 | -1;

/**
 * `play`: the seat is to play a card, draw or pass. `drawn`: the seat drew a playable card and
 * decides to play it (`play` with that card) or to keep it (`keep`).
 */
export const PHASES = ["play", "drawn"] as const;
export type Phase = (typeof PHASES)[number];

/**
 * A move. `ask` is the element asked of the next player, required with Prism, Light and Darkness
 * and refused with any other card. `draw`: take the active attack's cards, or (holding no playable
 * card) draw one and maybe play it. `pass`: draw one card and end the turn. `keep`: keep the card
 * just drawn and end the turn.
 */
export type WhisMove =
  | { readonly type: "play"; readonly card: Card; readonly ask?: Element | undefined }
  | { readonly type: "draw" }
  | { readonly type: "pass" }
  | { readonly type: "keep" };

/** How a round was scored: public, one row of the score table. */
export interface RoundResult {
  readonly round: number; // 1-based
  readonly winner: Seat | null; // emptied their hand
  readonly loser: Seat | null; // had to draw while holding 15 cards
  readonly handCounts: readonly number[]; // cards left in each hand
  readonly handValues: readonly number[]; // value of each hand
  readonly changes: readonly number[]; // roundScores: each seat's score change
  readonly totals: readonly number[]; // scores after this round
}

/** The public record of a move. A draw says how many cards, never which; a played card is public. */
export type WhisMoveSummary =
  | {
      readonly type: "play";
      readonly seat: Seat;
      readonly card: Card;
      readonly fromDraw: boolean; // the card just drawn
      readonly ask: Element | null; // the element chosen with Prism, Light or Darkness
      readonly asked: Element; // the element asked after this card
      readonly attack: number; // cards the next player must draw unless they answer (0 = none)
      readonly again: boolean; // a Double: the same seat plays again
      readonly reversed: boolean; // a Change: the direction flipped
      readonly roundEnd: RoundResult | null;
    }
  | {
      readonly type: "draw";
      readonly seat: Seat;
      readonly count: number; // cards actually drawn
      readonly penalty: boolean; // the cards of an active attack
      readonly asked: Element; // the element asked when they drew (a non-penalty draw means they had none)
      readonly deciding: boolean; // the drawn card is playable: the seat now plays it or keeps it
      readonly reshuffled: boolean; // the discard was shuffled back into the pile
      readonly roundEnd: RoundResult | null;
    }
  | {
      readonly type: "pass";
      readonly seat: Seat;
      readonly count: number;
      readonly reshuffled: boolean;
      readonly roundEnd: RoundResult | null;
    }
  | { readonly type: "keep"; readonly seat: Seat };

export interface WhisState {
  readonly options: WhisOptions;
  readonly round: number; // 1-based; the last round once finished
  readonly starter: Seat; // who began this round
  readonly hands: readonly (readonly Card[])[]; // secret: each seat sees only its own; draws are appended
  readonly pile: readonly Card[]; // secret order; cards are drawn from the end
  readonly discard: readonly Card[]; // public; the last card is the one in play
  readonly asked: Element; // the element the seat to move must play
  readonly attack: number; // cards to draw for the active attack (0 = none active)
  readonly direction: Direction;
  readonly turn: Seat;
  readonly phase: Phase;
  readonly drawn: Card | null; // the card just drawn (phase "drawn"), secret
  readonly again: boolean; // the seat is playing again after a Double
  readonly scores: readonly number[];
  readonly results: readonly RoundResult[]; // one per finished round
  readonly rng: RngState; // secret
  readonly moveCount: number;
  readonly lastMove: WhisMoveSummary | null;
  readonly finished: boolean;
}

/**
 * What one seat (or a spectator, seat null) sees. Never the pile order, another hand, the card
 * another seat just drew, or the RNG.
 */
export interface WhisView {
  readonly options: WhisOptions; // deck composition (for card counting) and number of rounds
  readonly seat: Seat | null; // null for spectators
  readonly hand: readonly Card[] | null; // own hand in the order held (draws at the end); null for spectators
  readonly playable: readonly boolean[] | null; // per own card: can it be played right now
  readonly drawnCard: Card | null; // own card just drawn, while deciding to play or keep it
  readonly handCounts: readonly number[]; // every seat's number of cards
  readonly handLimit: number; // 15: having to draw while holding this many loses the round
  readonly top: Card; // the card in play
  readonly asked: Element; // element asked (corner colour on the card in play)
  readonly attack: number; // cards to draw unless an attack answers (0 = no active attack)
  readonly neutralised: Element | null; // the top card is an attack already paid for: its element is asked
  readonly discard: readonly Card[]; // the face-up discard, oldest first (all played in public)
  readonly pileCount: number;
  readonly deckSize: number;
  readonly direction: Direction; // the arrow: +1 = towards higher seat numbers
  readonly turn: Seat; // whose turn (the seed's purple frame)
  readonly phase: Phase; // "drawn" = deciding on a drawn card
  readonly again: boolean; // playing again after a Double
  readonly round: number;
  readonly rounds: number;
  readonly starter: Seat; // who began this round
  readonly scores: readonly number[];
  readonly results: readonly RoundResult[]; // the score table, one row per finished round
  readonly moveCount: number;
  readonly lastMove: WhisMoveSummary | null;
  readonly finished: boolean;
}

/** Stable rule error codes; the client translates them. */
export const WHIS_ERRORS = [
  "GAME_OVER",
  "NOT_YOUR_TURN",
  "CARD_NOT_IN_HAND",
  "CARD_NOT_COMPATIBLE", // not of the element asked
  "ATTACK_ACTIVE", // only an attack answers an active attack (or draw its cards); no pass either
  "ELEMENT_REQUIRED", // Prism, Light and Darkness need the element asked of the next player
  "ELEMENT_NOT_ALLOWED", // other cards do not choose an element
  "CAN_PLAY", // draw is for a hand with no playable card; pass instead
  "DRAWN_CARD_PENDING", // play the drawn card or keep it first
  "NOT_DRAWN_CARD", // after a draw only the drawn card may be played
  "NOTHING_DRAWN", // keep without a drawn card
] as const;
export type WhisError = (typeof WHIS_ERRORS)[number];
