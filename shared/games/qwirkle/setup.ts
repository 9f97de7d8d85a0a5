import { Rng, seedRng } from "../../engine/rng";
import { fullTileSet, HAND_SIZE } from "./tiles";
import type { QwirkleOptions, QwirkleState, Tile } from "./types";

export const MIN_SEATS = 2;
export const MAX_SEATS = 4;

/**
 * A new game: the mode's tiles shuffled with the seeded Rng, six dealt to each seat from the end
 * of the bag (seat 0 first), seat 0 to play. Deterministic in (options, seatCount, seed).
 * Throws a RangeError for a seat count outside 2..4: rooms never start such a game.
 */
export function setupGame(options: QwirkleOptions, seatCount: number, seed: string): QwirkleState {
  if (!Number.isInteger(seatCount) || seatCount < MIN_SEATS || seatCount > MAX_SEATS) {
    throw new RangeError(`Qwirkle needs ${MIN_SEATS} to ${MAX_SEATS} seats, not ${seatCount}`);
  }
  const rng = new Rng(seedRng(seed));
  let bag = rng.shuffle(fullTileSet(options.mode));
  const hands: Tile[][] = [];
  for (let seat = 0; seat < seatCount; seat++) {
    const drawn = draw(bag, HAND_SIZE);
    hands.push(drawn.tiles);
    bag = drawn.bag;
  }
  return {
    options: { mode: options.mode, board: options.board },
    board: [],
    hands,
    bag,
    rng: rng.state,
    scores: hands.map(() => 0),
    turn: 0,
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
  };
}

/** Takes up to `count` tiles from the end of the bag (its order is already random). */
export function draw(bag: readonly Tile[], count: number): { tiles: Tile[]; bag: Tile[] } {
  const n = Math.max(0, Math.min(count, bag.length));
  return { tiles: bag.slice(bag.length - n).reverse(), bag: bag.slice(0, bag.length - n) };
}
