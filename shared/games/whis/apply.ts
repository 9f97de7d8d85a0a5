import { Rng } from "../../engine/rng";
import type { ApplyResult, Seat } from "../../engine/types";
import { ATTACK_DRAW, canPlay, choosesElement, copyCard, elementOf, sameCard, TRANSITION_TARGET } from "./cards";
import { afterRound, scoreRound } from "./round";
import { drawOne, nextSeat, tableOf, type Table } from "./table";
import type { Card, Element, RoundResult, WhisError, WhisMove, WhisMoveSummary, WhisState } from "./types";

type Result = ApplyResult<WhisState, WhisError>;

/**
 * Applies one move of `seat`. Pure: the input state is never modified. Checks, in order: the game
 * is not over, it is `seat`'s turn, then the move's own rules. A move that ends the round (an
 * emptied hand, or a draw while holding 15 cards) scores it and deals the next round at once, or
 * finishes the game after the last round; its summary carries the round's result.
 */
export function applyMove(state: WhisState, seat: Seat, move: WhisMove): Result {
  if (state.finished) return fail("GAME_OVER");
  if (seat !== state.turn) return fail("NOT_YOUR_TURN");
  switch (move.type) {
    case "play":
      return play(state, seat, move.card, move.ask);
    case "draw":
      return draw(state, seat);
    case "pass":
      return pass(state, seat);
    case "keep":
      return keep(state, seat);
  }
}

function fail(error: WhisError): Result {
  return { ok: false, error };
}

/** Whether `hand` holds a card playable in the state's situation. */
export function hasPlayable(state: WhisState, hand: readonly Card[]): boolean {
  return hand.some((card) => canPlay(card, state));
}

function play(state: WhisState, seat: Seat, card: Card, ask: Element | undefined): Result {
  if (state.phase === "drawn" && (state.drawn === null || !sameCard(card, state.drawn))) return fail("NOT_DRAWN_CARD");
  const hand = state.hands[seat] ?? [];
  const index = hand.findIndex((c) => sameCard(c, card));
  if (index < 0) return fail("CARD_NOT_IN_HAND");
  if (state.attack > 0 && card.kind !== "attack") return fail("ATTACK_ACTIVE");
  if (!canPlay(card, state)) return fail("CARD_NOT_COMPATIBLE");
  if (choosesElement(card) && ask === undefined) return fail("ELEMENT_REQUIRED");
  if (!choosesElement(card) && ask !== undefined) return fail("ELEMENT_NOT_ALLOWED");

  const played = hand[index] as Card;
  const table = tableOf(state);
  table.hands[seat]?.splice(index, 1);
  table.discard.push(played);
  const effect = effectOf(played, ask, state);
  const summary = (roundEnd: RoundResult | null): WhisMoveSummary => ({
    type: "play",
    seat,
    card: copyCard(played),
    fromDraw: state.phase === "drawn",
    ask: ask ?? null,
    asked: effect.asked,
    attack: effect.attack,
    again: effect.again,
    reversed: effect.reversed,
    roundEnd,
  });
  if (table.hands[seat]?.length === 0) return endRound(state, table, new Rng(state.rng), seat, true, summary);
  const direction = effect.reversed ? (state.direction === 1 ? -1 : 1) : state.direction;
  return done(
    {
      ...state,
      ...cardsOf(table),
      asked: effect.asked,
      attack: effect.attack,
      direction,
      turn: effect.again ? seat : nextSeat(seat, direction, state.hands.length),
      phase: "play",
      drawn: null,
      again: effect.again,
    },
    summary(null),
  );
}

/** What a played card does to the element asked, the attack count, the turn and the direction. */
function effectOf(card: Card, ask: Element | undefined, state: WhisState): { asked: Element; attack: number; again: boolean; reversed: boolean } {
  const element = elementOf(card);
  const base = { asked: ask ?? element ?? state.asked, attack: 0, again: false, reversed: false };
  if (element === null) return base; // Light, Darkness: the chosen element
  switch (card.kind) {
    case "attack": // stacks on an active attack; starts a new chain on anything else
      return { ...base, attack: state.attack + ATTACK_DRAW };
    case "transition":
      return { ...base, asked: TRANSITION_TARGET[element] };
    case "special":
      if (element === "fire") return { ...base, again: true }; // Double
      if (element === "wind") return { ...base, reversed: true }; // Change
      return base; // Prism: the chosen element
    case "simple":
      return base;
  }
  return base;
}

/**
 * Under an active attack: draw its cards one by one (the 15-card limit may be reached half-way), the
 * attack is neutralised and the turn passes. Otherwise, holding no playable card: draw one card; if it
 * can be played the seat decides (phase "drawn"), else the turn passes.
 */
function draw(state: WhisState, seat: Seat): Result {
  if (state.phase === "drawn") return fail("DRAWN_CARD_PENDING");
  const penalty = state.attack > 0;
  if (!penalty && hasPlayable(state, state.hands[seat] ?? [])) return fail("CAN_PLAY");
  const table = tableOf(state);
  const rng = new Rng(state.rng);
  let count = 0;
  let last: Card | null = null;
  for (let i = 0; i < (penalty ? state.attack : 1); i++) {
    const drawn = drawOne(table, seat, rng);
    if (drawn.type === "empty") break;
    const summary = (roundEnd: RoundResult | null, deciding: boolean): WhisMoveSummary => ({
      type: "draw",
      seat,
      count,
      penalty,
      asked: state.asked,
      deciding,
      reshuffled: table.reshuffled,
      roundEnd,
    });
    if (drawn.type === "limit") return endRound(state, table, rng, seat, false, (end) => summary(end, false));
    count++;
    last = drawn.card;
  }
  const deciding = !penalty && last !== null && canPlay(last, state);
  const summary: WhisMoveSummary = { type: "draw", seat, count, penalty, asked: state.asked, deciding, reshuffled: table.reshuffled, roundEnd: null };
  if (deciding) return done({ ...state, ...cardsOf(table), rng: rng.state, phase: "drawn", drawn: last }, summary);
  return done(passTurn(state, seat, table, rng), summary);
}

/** A voluntary pass: draw one card and end the turn. Not on an active attack: `draw` takes it. */
function pass(state: WhisState, seat: Seat): Result {
  if (state.phase === "drawn") return fail("DRAWN_CARD_PENDING");
  if (state.attack > 0) return fail("ATTACK_ACTIVE");
  const table = tableOf(state);
  const rng = new Rng(state.rng);
  const drawn = drawOne(table, seat, rng);
  const summary = (roundEnd: RoundResult | null): WhisMoveSummary => ({
    type: "pass",
    seat,
    count: drawn.type === "card" ? 1 : 0,
    reshuffled: table.reshuffled,
    roundEnd,
  });
  if (drawn.type === "limit") return endRound(state, table, rng, seat, false, summary);
  return done(passTurn(state, seat, table, rng), summary(null));
}

/** Keeps the playable card just drawn and ends the turn. */
function keep(state: WhisState, seat: Seat): Result {
  if (state.phase !== "drawn") return fail("NOTHING_DRAWN");
  return done(passTurn(state, seat, tableOf(state), new Rng(state.rng)), { type: "keep", seat });
}

/** The turn passes to the next seat; an attack whose cards were drawn is neutralised (count 0). */
function passTurn(state: WhisState, seat: Seat, table: Table, rng: Rng): WhisState {
  return {
    ...state,
    ...cardsOf(table),
    rng: rng.state,
    attack: 0,
    turn: nextSeat(seat, state.direction, state.hands.length),
    phase: "play",
    drawn: null,
    again: false,
  };
}

function endRound(
  state: WhisState,
  table: Table,
  rng: Rng,
  ender: Seat,
  won: boolean,
  summary: (roundEnd: RoundResult) => WhisMoveSummary,
): Result {
  const result = scoreRound(state, table.hands, ender, won);
  return done(afterRound(state, cardsOf(table), result, rng), summary(result));
}

function cardsOf(table: Table): Pick<WhisState, "hands" | "pile" | "discard"> {
  return { hands: table.hands, pile: table.pile, discard: table.discard };
}

function done(next: WhisState, summary: WhisMoveSummary): Result {
  return { ok: true, state: { ...next, moveCount: next.moveCount + 1, lastMove: summary }, summary };
}
