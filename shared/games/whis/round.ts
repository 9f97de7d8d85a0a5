import type { Rng } from "../../engine/rng";
import type { Seat } from "../../engine/types";
import { buildDeck, HAND_SIZE, handValue } from "./cards";
import { roundScores } from "./scoring";
import type { Card, Element, RoundResult, WhisOptions, WhisState } from "./types";

/** The cards of a new round: the hands, the pile and the first card in play (always a simple card). */
export interface Deal {
  readonly hands: Card[][];
  readonly pile: Card[];
  readonly top: Card & { readonly element: Element };
}

/**
 * Shuffles the whole deck, deals six cards to each seat (seat 0 first, from the end of the pile),
 * then turns up the pile's top card until it is a simple card: any other card goes back and the pile
 * is reshuffled (the seed's rule). If no simple card is left in the pile, which only odd decks allow,
 * the whole deal starts over.
 */
export function deal(options: WhisOptions, seatCount: number, rng: Rng): Deal {
  const deck = buildDeck(options.deck);
  for (;;) {
    const pile = rng.shuffle(deck);
    const hands: Card[][] = Array.from({ length: seatCount }, () => pile.splice(pile.length - HAND_SIZE, HAND_SIZE).reverse());
    if (!pile.some((c) => c.kind === "simple")) continue;
    for (;;) {
      const card = pile.pop() as Card;
      if (card.kind === "simple") return { hands, pile, top: card };
      pile.push(card);
      const reshuffled = rng.shuffle(pile);
      pile.length = 0;
      pile.push(...reshuffled);
    }
  }
}

/** The state at the start of round `round`, begun by `starter`: fresh deal, direction reset to +1. */
export function startRound(
  base: Pick<WhisState, "options" | "scores" | "results" | "moveCount" | "lastMove">,
  round: number,
  starter: Seat,
  rng: Rng,
): WhisState {
  const cards = deal(base.options, base.scores.length, rng);
  return {
    options: base.options,
    round,
    starter,
    hands: cards.hands,
    pile: cards.pile,
    discard: [cards.top],
    asked: cards.top.element,
    attack: 0,
    direction: 1,
    turn: starter,
    phase: "play",
    drawn: null,
    again: false,
    scores: base.scores,
    results: base.results,
    rng: rng.state,
    moveCount: base.moveCount,
    lastMove: base.lastMove,
    finished: false,
  };
}

/** Scores the round that `ender` ended (as winner or loser) and the new totals. */
export function scoreRound(state: WhisState, hands: readonly (readonly Card[])[], ender: Seat, won: boolean): RoundResult {
  const changes = roundScores(won ? { hands, winner: ender } : { hands, loser: ender });
  return {
    round: state.round,
    winner: won ? ender : null,
    loser: won ? null : ender,
    handCounts: hands.map((h) => h.length),
    handValues: hands.map(handValue),
    changes,
    totals: state.scores.map((s, seat) => s + (changes[seat] ?? 0)),
  };
}

/**
 * After a round ends: the next round, begun by the seat that ended this one, or the finished game
 * after the last round (hands and discard stay as they were, for the end screen's counts). The caller
 * sets `moveCount` and `lastMove`.
 */
export function afterRound(
  state: WhisState,
  cards: { readonly hands: readonly (readonly Card[])[]; readonly pile: readonly Card[]; readonly discard: readonly Card[] },
  result: RoundResult,
  rng: Rng,
): WhisState {
  const results = [...state.results, result];
  const ender = (result.winner ?? result.loser) as Seat;
  if (state.round >= state.options.rounds) {
    return {
      ...state,
      ...cards,
      attack: 0,
      phase: "play",
      drawn: null,
      again: false,
      scores: result.totals,
      results,
      rng: rng.state,
      finished: true,
    };
  }
  return startRound({ options: state.options, scores: result.totals, results, moveCount: state.moveCount, lastMove: state.lastMove }, state.round + 1, ender, rng);
}

