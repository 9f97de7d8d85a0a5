// Helpers shared by this folder's tests: boards drawn as text, hand-built states, random play.
// Pure and tiny, so it compiles with the engine; nothing outside the tests imports it.
import { Rng, seedRng } from "../../engine/rng";
import { halma } from "./game";
import { MAX_ROUNDS } from "./rules";
import type { Cell, HalmaMove, HalmaState, PlayerCount } from "./types";

/**
 * Pieces from a picture: one text row per board row (top first), `.` empty, a digit = that seat's
 * piece, `*` = seat 0 too (the piece a test moves). Rows shorter than the board are padded empty.
 */
export function piecesFrom(rows: readonly string[], seats: number): Cell[][] {
  const pieces: Cell[][] = Array.from({ length: seats }, () => []);
  rows.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const seat = ch === "*" ? 0 : Number(ch);
      if (ch !== "." && ch !== " " && Number.isInteger(seat)) pieces[seat]?.push({ row, col });
    });
  });
  return pieces;
}

/** A hand-built state: seat 0 to play in round 1 unless told otherwise. */
export function makeState(parts: { players: PlayerCount; pieces: Cell[][]; turn?: number; round?: number }): HalmaState {
  return {
    players: parts.players,
    pieces: parts.pieces,
    turn: parts.turn ?? 0,
    round: parts.round ?? 1,
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
    winners: [],
  };
}

/** A cell's stable text, to compare sets of cells. */
export function cellKey(cell: Cell): string {
  return `${cell.row},${cell.col}`;
}

export function keysOf(cells: readonly Cell[]): string[] {
  return cells.map(cellKey).sort();
}

/** A uniformly random legal move of the seat to play, or undefined when the game is over. */
export function randomMove(state: HalmaState, rng: Rng): HalmaMove | undefined {
  const moves = halma.legalMoves(state, state.turn);
  return moves[rng.int(moves.length)];
}

/** More moves than any game can last: MAX_ROUNDS rounds of 4 seats. */
export const MAX_GAME_MOVES = MAX_ROUNDS * 4;

/** A position after `moves` random legal moves from a fresh game (fewer if it ends first). */
export function randomPosition(seed: string, players: PlayerCount, moves: number): HalmaState {
  const rng = new Rng(seedRng(`${seed}/play`));
  let state = halma.setup({}, players, seed);
  for (let i = 0; i < moves && !state.finished; i++) {
    const move = randomMove(state, rng);
    if (move === undefined) break;
    const result = halma.apply(state, state.turn, move);
    if (!result.ok) throw new Error(`legal move refused: ${result.error}`);
    state = result.state;
  }
  return state;
}
