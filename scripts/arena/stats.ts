import type { GameRecord } from "./play";

/** 95% Wilson score interval for a proportion; it stays inside [0, 1] even near 0% or 100%. */
export function wilson(successes: number, trials: number, z = 1.96): [number, number] {
  if (trials === 0) return [0, 1];
  const p = successes / trials;
  const z2 = z * z;
  const centre = (p + z2 / (2 * trials)) / (1 + z2 / trials);
  const half = (z / (1 + z2 / trials)) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/** The p-quantile (0..1) of sorted values, nearest rank. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] ?? 0;
}

const round = (x: number, digits = 3): number => Number(x.toFixed(digits));

export interface LabelResult {
  readonly bot: string;
  readonly wins: number; // a tie among k winners gives each 1/k
  readonly winRate: number;
  readonly winRate95: readonly [number, number];
  readonly averageScore: number;
  readonly firstSeatGames: number; // games this label started, to show the rotation was fair
}

export interface DecisionTimes {
  readonly decisions: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export interface Summary {
  readonly games: number;
  readonly results: Readonly<Record<string, LabelResult>>;
  readonly averageGameLength: number; // accepted moves per game
  readonly stalledGames: number;
  readonly illegalMoves: number;
  readonly decisionTime: Readonly<Record<string, DecisionTimes>>;
}

/** Wins, win rates, scores and decision times per label over every played game. */
export function summarize(records: readonly GameRecord[], labels: readonly string[], botOf: (label: string) => string): Summary {
  const games = records.length;
  const results: Record<string, LabelResult> = {};
  const decisionTime: Record<string, DecisionTimes> = {};
  for (const label of labels) {
    let wins = 0;
    let score = 0;
    let first = 0;
    const times: number[] = [];
    for (const record of records) {
      const seat = record.labels.indexOf(label);
      if (seat < 0) continue;
      if (record.winners.includes(seat)) wins += 1 / record.winners.length;
      score += record.scores[seat] ?? 0;
      if (seat === 0) first++;
      for (const t of record.times[label] ?? []) times.push(t);
    }
    const [low, high] = wilson(wins, games);
    results[label] = {
      bot: botOf(label),
      wins: round(wins, 1),
      winRate: round(games === 0 ? 0 : wins / games),
      winRate95: [round(low), round(high)],
      averageScore: round(games === 0 ? 0 : score / games, 2),
      firstSeatGames: first,
    };
    times.sort((a, b) => a - b);
    decisionTime[label] = {
      decisions: times.length,
      p50Ms: round(quantile(times, 0.5), 2),
      p99Ms: round(quantile(times, 0.99), 2),
      maxMs: round(times[times.length - 1] ?? 0, 2),
    };
  }
  return {
    games,
    results,
    averageGameLength: round(games === 0 ? 0 : records.reduce((sum, r) => sum + r.moves, 0) / games, 2),
    stalledGames: records.filter((r) => r.stalled).length,
    illegalMoves: records.filter((r) => r.illegal !== null).length,
    decisionTime,
  };
}
