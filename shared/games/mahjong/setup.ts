import { Rng, seedRng, type RngState } from "../../engine/rng";
import { dealBoard } from "./deal";
import { LAYOUTS } from "./layouts";
import { LEVEL_RULES, SEATS, SHUFFLES_PER_PLAYER } from "./rules";
import { FAMILIES, type Family, type Level, type MahjongOptions, type MahjongState } from "./types";

/**
 * A new game: the level's families picked at random, dealt in removal order so the board has a
 * solution, seat 0 to play turn 1. Deterministic in (options, seed). Throws a RangeError for a seat
 * count other than 2: rooms never start such a game.
 */
export function setupGame(options: MahjongOptions, seatCount: number, seed: string): MahjongState {
  if (seatCount !== SEATS) throw new RangeError(`Mahjong++ needs ${SEATS} seats, not ${seatCount}`);
  const rng = new Rng(seedRng(seed));
  const families = rng.shuffle(FAMILIES).slice(0, LEVEL_RULES[options.level].families);
  const board = dealBoard(LAYOUTS[options.level], families, rng);
  return startingState(options.level, families, board, rng.state);
}

/** The state before the first move on a dealt `board`: seat 0 to play turn 1, scores 0, every shuffle left. */
export function startingState(level: Level, families: readonly Family[], board: readonly (Family | null)[], rng: RngState): MahjongState {
  return {
    options: { level },
    families,
    board,
    rng,
    scores: [0, 0],
    shufflesLeft: [SHUFFLES_PER_PLAYER, SHUFFLES_PER_PLAYER],
    turn: 0,
    turnNumber: 1,
    pairsThisTurn: 0,
    selected: null,
    facesHidden: false,
    seen: [],
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
  };
}
