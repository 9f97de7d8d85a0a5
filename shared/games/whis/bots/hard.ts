import { Rng } from "../../../engine/rng";
import type { BotInput, BotStrategy } from "../../../engine/types";
import type { WhisMove, WhisView } from "../types";
import { knowledgeOf, type Knowledge } from "./knowledge";
import { medium } from "./medium";
import { blockingChoice, codeOf, elementCode, rollout, type FirstMove, type Policy } from "./simulate";
import { Posterior } from "./posterior";
import { standingValue } from "./standing";
import { timelineOf } from "./timeline";
import { copySim, sampleWorld, unseenCodes } from "./worlds";

const MAX_ROLLOUT_MOVES = 600;
/** The look-ahead's settings (the hard bot uses DEFAULT_SEARCH; `npm run whis:regret` compares others). */
export interface SearchOptions {
  readonly worlds: number; // worlds sampled per decision; every candidate move is played out in each
  readonly lastRoundWorlds: number; // the same in the last round
  readonly z: number; // standard errors a move must gain over the medium move to replace it
  readonly burnIn: number; // steps of the opponent model's chain before the first world
  readonly thin: number; // steps between two worlds
  readonly own: Policy; // the bot's own later moves in a rollout
}

/**
 * What the decision benchmark (docs/bots.md) found to pay: many worlds, far enough apart in the chain
 * (guesses 10 steps apart are still much alike), and the best mean, however small its lead. Fewer
 * worlds with a margin over medium's move (160, 1 standard error) gave away about a tenth more to the
 * best move (mean regret 2.25 against 2.06 points over 6,831 decisions).
 */
export const DEFAULT_SEARCH: SearchOptions = { worlds: 2000, lastRoundWorlds: 2000, z: 0, burnIn: 6000, thin: 20, own: blockingChoice };

/**
 * "Difficile": counts cards, reads its opponents and looks ahead. From the deck, its hand and the
 * face-up discard it knows the unseen cards. It assumes its opponents play like the medium bot and
 * guesses their hands from what they did this round (posterior.ts: a guess is likelier the more of
 * their plays, element choices, draws and keeps it explains). It deals the unseen cards into the
 * other hands and the pile by those guesses many times over, plays each of its candidate moves in
 * every such world, finishes the round with every other seat playing like the medium bot and itself
 * like medium too, except that it prefers a card (or an element to ask) that leaves the next seat
 * nothing to play in that world; then it values how each round ends by its chance of winning the
 * game from there (standing.ts). It plays the move with the best mean over the same worlds (the
 * medium move on a tie). Never passes.
 */
export const hard: BotStrategy<WhisView, WhisMove> = {
  id: "hard",
  names: { fr: "Difficile", en: "Hard" },
  decide: (input) => searchMove(input, DEFAULT_SEARCH),
};

/** The move the look-ahead picks with settings `o`. */
export function searchMove(input: BotInput<WhisView>, o: SearchOptions): WhisMove {
  const k = knowledgeOf(input);
  const candidates = k.moves.filter((m) => m.type !== "pass");
  if (candidates.length <= 1) return candidates[0] ?? k.moves[0] ?? { type: "pass" };
  const rng = new Rng([word(input.random), word(input.random), word(input.random), word(input.random)]);
  const values = candidates.map((): number[] => []);
  const unseen = unseenCodes(k);
  // Opponents modelled as medium players when the round's summaries add up; else plain card counting.
  const timeline = timelineOf(k.view, input.history, () => rng.next());
  const posterior = timeline === null ? null : new Posterior(k, timeline, unseen, rng);
  posterior?.anneal(o.burnIn);
  const worlds = k.view.round === k.view.rounds ? o.lastRoundWorlds : o.worlds;
  for (let w = 0; w < worlds; w++) {
    posterior?.walk(o.thin);
    const world = posterior === null ? sampleWorld(k, unseen, rng) : posterior.world();
    const seed = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)] as const;
    candidates.forEach((move, i) => {
      // The same reshuffles for every candidate: differences come from the moves, not the luck.
      const changes = rollout(copySim(world), firstOf(move), new Rng(seed), MAX_ROLLOUT_MOVES, o.own);
      values[i]?.push(valueOf(k, changes));
    });
  }
  // The medium move is the default; another move replaces it when it gains more than z standard
  // errors over the same worlds. With a few dozen worlds a margin kept noise from making the bot
  // worse than the policy it simulates; with thousands the best mean does better (z = 0).
  const usual = medium.decide(input);
  const base = Math.max(0, candidates.findIndex((m) => sameMove(m, usual)));
  let best = base;
  let bestGain = 0;
  candidates.forEach((_, i) => {
    const gain = pairedGain(values[i] ?? [], values[base] ?? [], o.z);
    if (gain > bestGain) [best, bestGain] = [i, gain];
  });
  return candidates[best] ?? usual;
}

/** The mean paired gain of `a` over `b` when it is clearly above zero (mean > z standard errors), else 0. */
function pairedGain(a: readonly number[], b: readonly number[], z: number): number {
  const n = a.length;
  if (n < 2) return 0;
  const d = a.map((x, i) => x - (b[i] ?? 0));
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const variance = d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return mean > z * Math.sqrt(variance / n) ? mean : 0;
}

function sameMove(a: WhisMove, b: WhisMove): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function word(random: () => number): number {
  return Math.floor(random() * 2 ** 32) >>> 0;
}

/** A legal move as the simulator's first move. */
export function firstOf(move: WhisMove): FirstMove {
  if (move.type === "play") return { type: "play", code: codeOf(move.card), ask: move.ask === undefined ? 0 : elementCode(move.ask) };
  return { type: move.type };
}

/** A rollout's worth to the bot: its chance of winning the game then (standing.ts); an unfinished one leaves the scores as they are. */
function valueOf(k: Knowledge, changes: number[] | null): number {
  const standing = { scores: k.view.scores, round: k.view.round, rounds: k.view.rounds, seat: k.seat };
  return standingValue(standing, changes ?? k.view.scores.map(() => 0));
}
