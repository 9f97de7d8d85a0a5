import { Rng, seedRng } from "../../engine/rng";
import { fullDeck, REWARD_CARDS } from "./cards";
import { CARD_CELLS, CELL_COUNT } from "./cells";
import { peekedCards } from "./round";
import type { Card, MemoarrOptions, MemoarrState } from "./types";

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/**
 * A new game: the 25 cards shuffled, 24 laid out around the empty centre and the last one set
 * aside unseen; the 7 rubies cards shuffled; round 1 opens with the peek, seat 0 to start.
 * Deterministic in (options, seatCount, seed). Throws a RangeError outside 2..4 seats.
 */
export function setupGame(options: MemoarrOptions, seatCount: number, seed: string): MemoarrState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_SEATS || seatCount > MAX_SEATS) {
    throw new RangeError(`Memoarr! needs ${MIN_SEATS} to ${MAX_SEATS} seats, not ${seatCount}`);
  }
  const rng = new Rng(seedRng(seed));
  const deck = rng.shuffle(fullDeck());
  const grid: (Card | null)[] = Array.from({ length: CELL_COUNT }, () => null);
  CARD_CELLS.forEach((cell, i) => (grid[cell] = deck[i] ?? null));
  const unused = deck[CARD_CELLS.length];
  if (unused === undefined) throw new Error("the deck has 25 cards");
  const rewards = rng.shuffle(REWARD_CARDS);
  const seats = Array.from({ length: seatCount }, () => false);
  return {
    options: { expertRules: options.expertRules, expertDisplay: options.expertDisplay, peekSeconds: options.peekSeconds },
    seatCount,
    grid,
    faceUp: grid.map(() => false),
    unused,
    rewards,
    won: seats.map(() => []),
    roundWinners: [],
    round: 1,
    phase: "peek",
    ready: seats,
    peeked: peekedCards(grid, seatCount),
    active: seats.map(() => true),
    turn: 0,
    revealOrder: [],
    lastCard: null,
    pending: null,
    forbidden: null,
    firstEliminated: null,
    starter: 0,
    rng: rng.state,
    moveCount: 0,
  };
}
