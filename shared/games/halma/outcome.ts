import { ranksBy, seatToMove } from "../../engine/outcome";
import type { Outcome, Seat } from "../../engine/types";
import { campCells, distanceToGoal } from "./camps";
import { totalDistance } from "./rules";
import type { HalmaState, PlayerCount } from "./types";

/** The seat to move, or nobody once the game is over. */
export function currentSeats(state: HalmaState): Seat[] {
  return seatToMove(state);
}

/** The total distance every seat's pieces start at (the same for all seats, by symmetry). */
export function startDistance(players: PlayerCount): number {
  return campCells(players, 0).reduce((sum, cell) => sum + distanceToGoal(players, 0, cell), 0);
}

/**
 * Scores are progress: how much the seat's total distance to its goal corner has shrunk since the
 * start (higher is better, as the score list expects). Ranks: a winner by the goal-camp rule is 1st,
 * everyone else follows by total distance, lower first, ties sharing. When the game ends without a
 * winner (300 rounds, or nobody can move), the seats with the smallest total distance win together.
 */
export function outcomeOf(state: HalmaState): Outcome {
  const distances = state.pieces.map((cells, seat) => totalDistance(state.players, seat, cells));
  const start = startDistance(state.players);
  const scores = distances.map((d) => start - d);
  const won = (seat: Seat): boolean => state.winners.includes(seat);
  const ahead = (a: Seat, b: Seat): boolean => (won(a) && !won(b)) || (won(a) === won(b) && (distances[a] ?? 0) < (distances[b] ?? 0));
  return {
    finished: state.finished,
    scores,
    winners: state.finished ? state.winners.slice() : [],
    ranks: ranksBy(distances.length, ahead),
  };
}

/** The seats with the smallest total distance: who wins when the game ends without a winner. */
export function closestSeats(state: Pick<HalmaState, "players" | "pieces">): Seat[] {
  const distances = state.pieces.map((cells, seat) => totalDistance(state.players, seat, cells));
  const best = Math.min(...distances);
  return distances.flatMap((d, seat) => (d === best ? [seat] : []));
}
