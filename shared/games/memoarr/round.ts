// Turn order and round transitions shared by reveals, powers, the peek and the timer.
import type { Seat } from "../../engine/types";
import { ROUNDS, sameCard } from "./cards";
import { CARD_CELLS, peekCellsOf } from "./cells";
import type { Card, MemoarrState, RoundEnd, RoundEndReason } from "./types";

/** The next active seat after `from` in seat order (`from` itself when it is the only one). */
export function nextActive(active: readonly boolean[], from: Seat): Seat {
  const n = active.length;
  for (let step = 1; step <= n; step++) {
    const seat = (from + step) % n;
    if (active[seat] === true) return seat;
  }
  return from;
}

/** The nearest active seat before `from` in seat order. */
export function previousActive(active: readonly boolean[], from: Seat): Seat {
  const n = active.length;
  for (let step = 1; step <= n; step++) {
    const seat = (from - step + n) % n;
    if (active[seat] === true) return seat;
  }
  return from;
}

/** Cells holding a face-down card. */
export function faceDownCells(faceUp: readonly boolean[]): number[] {
  return CARD_CELLS.filter((cell) => faceUp[cell] !== true);
}

/**
 * Whether the walrus forbids `cell` now. A named card stops being forbidden when it is the only
 * face-down card left (a crab's extra reveal could otherwise leave the player without any move).
 */
export function isForbidden(state: Pick<MemoarrState, "forbidden" | "faceUp">, cell: number): boolean {
  return state.forbidden === cell && faceDownCells(state.faceUp).length > 1;
}

export function replaceAt<T>(items: readonly T[], at: number, value: T): T[] {
  return items.map((item, i) => (i === at ? value : item));
}

/** What each seat sees in its peek: the cards lying in front of it when a round starts. */
export function peekedCards(grid: readonly (Card | null)[], seatCount: number): Card[][] {
  return Array.from({ length: seatCount }, (_, seat) => peekCellsOf(seat).flatMap((cell) => grid[cell] ?? []));
}

/** The play phase after the peek: every card face down, the round's starter to reveal. */
export function endPeek(state: MemoarrState): MemoarrState {
  return { ...state, phase: "play", ready: state.ready.map(() => true), turn: state.starter, moveCount: state.moveCount + 1 };
}

/**
 * Ends the round: `winner` takes the top rubies card. After round 7 the game is over; otherwise the
 * cards stay in place face down, everyone is active again, and the first seat eliminated this round
 * starts the next one (when nobody was, the seat after this round's starter does).
 */
export function endRound(state: MemoarrState, winner: Seat, reason: RoundEndReason): { state: MemoarrState; roundEnd: RoundEnd } {
  const reward = state.rewards[state.rewards.length - 1] ?? 0;
  const won = replaceAt(state.won, winner, [...(state.won[winner] ?? []), reward]);
  const roundEnd: RoundEnd = { round: state.round, winner, reason };
  const common = {
    ...state,
    rewards: state.rewards.slice(0, -1),
    won,
    roundWinners: [...state.roundWinners, winner],
    pending: null,
    forbidden: null,
  };
  if (state.round >= ROUNDS) {
    return { state: { ...common, phase: "over" }, roundEnd };
  }
  const starter = state.firstEliminated ?? (state.starter + 1) % state.seatCount;
  const next: MemoarrState = {
    ...common,
    round: state.round + 1,
    phase: "peek",
    faceUp: state.faceUp.map(() => false),
    ready: state.ready.map(() => false),
    peeked: peekedCards(state.grid, state.seatCount),
    peekedBefore: state.peeked.map((cards, seat) => withoutRepeats([...(state.peekedBefore?.[seat] ?? []), ...cards])),
    active: state.active.map(() => true),
    turn: starter,
    starter,
    revealOrder: [],
    lastCard: null,
    firstEliminated: null,
  };
  return { state: next, roundEnd };
}

/** The cards once each, in their first order. */
function withoutRepeats(cards: readonly Card[]): Card[] {
  return cards.filter((card, index) => cards.findIndex((other) => sameCard(other, card)) === index);
}
