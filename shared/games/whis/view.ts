import { splitView } from "../../engine/splitView";
import type { Seat } from "../../engine/types";
import { canPlay, copyCard, deckSize, HAND_LIMIT, sameCard } from "./cards";
import type { Card, WhisState, WhisView } from "./types";

/**
 * What `seat` may see: its own hand, every hand's size, the face-up discard, the pile's size; never
 * the pile's order, another hand, another seat's drawn card or the Rng. A spectator (null) or an
 * unknown seat gets no hand. Everything is copied so a view never shares memory with the state.
 */
export const { view: viewFor, viewParts } = splitView<WhisState, Omit<WhisView, OwnField>, Pick<WhisView, OwnField>>({
  shared: (state) => {
    const top = state.discard[state.discard.length - 1] as Card;
    return {
      options: { deck: { ...state.options.deck }, rounds: state.options.rounds },
      handCounts: state.hands.map((h) => h.length),
      handLimit: HAND_LIMIT,
      top: copyCard(top),
      asked: state.asked,
      attack: state.attack,
      neutralised: top.kind === "attack" && state.attack === 0 ? top.element : null,
      discard: state.discard.map(copyCard),
      pileCount: state.pile.length,
      deckSize: deckSize(state.options.deck),
      direction: state.direction,
      turn: state.turn,
      phase: state.phase,
      again: state.again,
      round: state.round,
      rounds: state.options.rounds,
      starter: state.starter,
      scores: state.scores.slice(),
      results: state.results.map((r) => ({ ...r, handCounts: r.handCounts.slice(), handValues: r.handValues.slice(), changes: r.changes.slice(), totals: r.totals.slice() })),
      moveCount: state.moveCount,
      lastMove: state.lastMove,
      finished: state.finished,
    };
  },
  own: (state, seat: Seat | null) => {
    const own = seat === null ? undefined : state.hands[seat];
    const myTurn = own !== undefined && seat === state.turn && !state.finished;
    const drawnCard = myTurn && state.phase === "drawn" ? state.drawn : null;
    return {
      seat: own === undefined ? null : seat,
      hand: own === undefined ? null : own.map(copyCard),
      playable: own === undefined ? null : own.map((card, i) => myTurn && playableNow(state, card, i === own.length - 1, drawnCard)),
      drawnCard: drawnCard === null ? null : copyCard(drawnCard),
    };
  },
});

/** What only the seat itself sees. */
type OwnField = "seat" | "hand" | "playable" | "drawnCard";

/** Deciding on a drawn card, only that card (the last one in the hand) may be played. */
function playableNow(state: WhisState, card: Card, isLast: boolean, drawnCard: Card | null): boolean {
  if (drawnCard !== null) return isLast && sameCard(card, drawnCard) && canPlay(card, state);
  return canPlay(card, state);
}
