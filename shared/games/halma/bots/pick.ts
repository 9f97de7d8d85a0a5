// What every bot does around its own scoring: list its moves without third repetitions, keep the
// best-valued ones, break ties with the seeded random, and write the chosen move as a full path.
import type { BotInput, Seat } from "../../../engine/types";
import { cellOf } from "../board";
import { pathOnGrid, reachOnGrid } from "../reach";
import type { HalmaMove, HalmaView } from "../types";
import { boardOf, movesOf, type BotBoard, type BotMove } from "./board";
import { withoutThirdRepeats } from "./history";

/** The engine move for a bot move: the shortest chain from its start to its end. */
export function toHalmaMove(board: BotBoard, move: BotMove): HalmaMove {
  const reach = reachOnGrid(board.grid, move.from);
  return { path: pathOnGrid(reach, move.to).map((i) => cellOf(i)) };
}

/** Values closer than this count as equal, so float noise never decides between moves. */
const EPSILON = 1e-9;

/** One of the moves with the highest value, chosen uniformly with `random`. */
export function bestOf<M>(moves: readonly M[], value: (move: M) => number, random: () => number): M | undefined {
  let best = -Infinity;
  let top: M[] = [];
  for (const move of moves) {
    const v = value(move);
    if (v > best + EPSILON) {
      best = v;
      top = [move];
    } else if (v >= best - EPSILON) {
      top.push(move);
    }
  }
  return top[Math.floor(random() * top.length)] ?? top[0];
}

/** The board and the bot's candidate moves (scored with `cost`, third repetitions left out). */
export function candidatesFor(input: BotInput<HalmaView>, cost: ArrayLike<number>): { board: BotBoard; seat: Seat; moves: BotMove[] } {
  const board = boardOf(input.view);
  const seat = input.seat;
  const moves = withoutThirdRepeats(movesOf(board, seat, cost), board, input.history, seat);
  return { board, seat, moves };
}

/**
 * The last resort when a bot has no candidate: the engine skips seats that cannot move, so this
 * only happens if a bot is asked out of turn. Returns an (illegal) empty path rather than throwing.
 */
export const NO_MOVE: HalmaMove = { path: [] };
