import type { ErasedGame } from "./erase";
import { CLOCK_SEAT } from "./replay";

/**
 * A random game: at each step a random seat to move plays a random legal move, or — where the game
 * has a clock — the countdown runs out now and then. Returns every state and the moves as logged.
 */
export function randomGame(game: ErasedGame, seed: string, choices: readonly number[]) {
  const seats = game.seatCounts[choices[0]! % game.seatCounts.length]!;
  const states: unknown[] = [game.setup(game.optionsSchema.parse({}), seats, seed)];
  const moves: { seat: number; move: unknown }[] = [];
  for (const choice of choices.slice(1)) {
    const state = states.at(-1);
    if (game.outcome(state).finished) break;
    const timer = game.timer?.(state) ?? null;
    const current = game.currentSeats(state);
    if (timer && game.onTimeout && (current.length === 0 || choice % 7 === 0)) {
      const result = game.onTimeout(state, timer.key);
      if (!result.ok) break;
      moves.push({ seat: CLOCK_SEAT, move: { type: "timeout", key: timer.key } });
      states.push(result.state);
      continue;
    }
    const seat = current[choice % Math.max(1, current.length)];
    if (seat === undefined) break;
    const legal = game.legalMoves(state, seat);
    const move = legal[choice % Math.max(1, legal.length)];
    if (move === undefined) break;
    const result = game.apply(state, seat, move);
    if (!result.ok) throw new Error(`${game.id}: a legal move was refused: ${String(result.error)}`);
    moves.push({ seat, move });
    states.push(result.state);
  }
  return { states, moves };
}
