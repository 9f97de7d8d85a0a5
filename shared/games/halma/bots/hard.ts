import type { BotStrategy, Seat } from "../../../engine/types";
import { SIZE } from "../board";
import { goalCorner } from "../camps";
import type { HalmaMove, HalmaView, PlayerCount } from "../types";
import { bestGain, forwardTable, movesOf, play, undo, wins, type BotBoard, type BotMove } from "./board";
import { bestOf, candidatesFor, NO_MOVE, toHalmaMove } from "./pick";

/** How many of its best-looking moves are searched deeper (keeps a decision well under 300 ms). */
const BEAM = 16;
/** How many second moves are searched for a third. */
const BEAM2 = 6;
/** The weight of the next own move, and of the one after: future progress is a bit less sure. */
const NEXT = 0.9;
const AFTER = 0.6;
/** How much the opponent's best reply counts (2 players only): don't build their ladders. */
const OPPONENT = 0.35;
/** Convexity: a far-back piece gains more per cell than a front one, so nobody is left behind. */
const STRAGGLER = 1 / 24;
/** Cost per cell off the corner-to-corner diagonal beyond a band: side lanes have few ladders. */
const LATERAL = 0.5;
const LANE = 4;
const WIN = 1e6;

const tables = new Map<string, Float64Array>();

/**
 * The hard bot's cost of a cell for a seat: forward distance d (rows + columns to the goal corner),
 * plus d² × STRAGGLER, plus a penalty for drifting far from the diagonal. Memoised per seat.
 */
export function hardTable(players: PlayerCount, seat: Seat): Float64Array {
  const key = `${players}:${seat}`;
  const known = tables.get(key);
  if (known !== undefined) return known;
  const corner = goalCorner(players, seat);
  const table = new Float64Array(SIZE * SIZE);
  for (let i = 0; i < table.length; i++) {
    const u = Math.abs(Math.floor(i / SIZE) - corner.row);
    const v = Math.abs((i % SIZE) - corner.col);
    const d = u + v;
    table[i] = d + d * d * STRAGGLER + LATERAL * Math.max(0, Math.abs(u - v) - LANE);
  }
  tables.set(key, table);
  return table;
}

/** The best value of two more own moves (the second with weight AFTER/NEXT), searched with a beam. */
function followUp(board: BotBoard, seat: Seat, cost: Float64Array): number {
  const moves = movesOf(board, seat, cost).sort((a, b) => b.gain - a.gain);
  let best = moves.length === 0 ? 0 : -Infinity;
  for (const m of moves.slice(0, BEAM2)) {
    play(board, seat, m);
    const value = wins(board, seat) ? WIN : m.gain + (AFTER / NEXT) * Math.max(0, bestGain(board, seat, cost));
    undo(board, seat, m);
    best = Math.max(best, value);
  }
  return best;
}

/**
 * "Difficile": a beam search on a distance evaluation. Each of its BEAM most promising moves is
 * valued as its gain, plus its best two follow-up moves (ladders it builds for itself), minus (with
 * 2 players) the best gain it hands the opponent. The cost is convex in the distance and punishes
 * side lanes, so the back pieces are brought along and the end game fills the deepest goal cells
 * first. A winning move, or one that wins next turn, is taken first. In 4-player games it plays for
 * itself only.
 */
export const hard: BotStrategy<HalmaView, HalmaMove> = {
  id: "hard",
  names: { fr: "Difficile", en: "Hard" },
  decide(input) {
    const { players } = input.view;
    const cost = hardTable(players, input.seat);
    const { board, seat, moves } = candidatesFor(input, cost);
    const opponent = players === 2 ? 1 - seat : null;
    const opponentCost = opponent === null ? null : forwardTable(players, opponent);
    const beam = moves.slice().sort((a, b) => b.gain - a.gain).slice(0, BEAM);
    const valued = new Map<BotMove, number>();
    for (const m of beam) {
      play(board, seat, m);
      let value: number;
      if (wins(board, seat)) value = WIN * 2;
      else {
        value = m.gain + NEXT * followUp(board, seat, cost);
        if (opponent !== null && opponentCost !== null) value -= OPPONENT * bestGain(board, opponent, opponentCost);
      }
      undo(board, seat, m);
      valued.set(m, value);
    }
    const move = bestOf(beam, (m) => valued.get(m) ?? -Infinity, input.random);
    return move === undefined ? NO_MOVE : toHalmaMove(board, move);
  },
};
