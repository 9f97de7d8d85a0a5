import type { Outcome, Seat } from "./types";

/**
 * The seat to move, or nobody once the game is over: for games where one seat moves at a time
 * (Qwirkle, Mahjong++, WHIS, Halma).
 */
export function seatToMove(state: { readonly finished: boolean; readonly turn: Seat }): Seat[] {
  return state.finished ? [] : [state.turn];
}

/**
 * A game won by the highest score (negative scores allowed): once finished, the best seats win
 * together (a tie shares the win); nobody wins while it is being played. Ranks, finished or not:
 * 1 + the seats strictly ahead, so tied seats share a rank and the next one skips (1, 1, 3).
 */
export function outcomeByScore(scores: readonly number[], finished: boolean): Outcome {
  const best = Math.max(...scores);
  return {
    finished,
    scores: scores.slice(),
    winners: finished ? scores.flatMap((score, seat) => (score === best ? [seat] : [])) : [],
    ranks: ranksBy(scores.length, (a, b) => scores[a]! > scores[b]!),
  };
}

/** Each seat's rank: 1 + the number of seats `ahead` of it, so seats level with each other share a rank. */
export function ranksBy(seats: number, ahead: (a: Seat, b: Seat) => boolean): number[] {
  const ranks = new Array<number>(seats);
  for (let seat = 0; seat < seats; seat++) {
    let rank = 1;
    for (let other = 0; other < seats; other++) if (ahead(other, seat)) rank++;
    ranks[seat] = rank;
  }
  return ranks;
}
