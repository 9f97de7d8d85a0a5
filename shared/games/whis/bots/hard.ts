import { Rng } from "../../../engine/rng";
import type { BotStrategy } from "../../../engine/types";
import type { WhisMove, WhisView } from "../types";
import { knowledgeOf, type Knowledge } from "./knowledge";
import { medium } from "./medium";
import { codeOf, elementCode, rollout, type FirstMove } from "./simulate";
import { Posterior } from "./posterior";
import { timelineOf } from "./timeline";
import { copySim, sampleWorld, unseenCodes } from "./worlds";

/** Look-ahead budget: worlds sampled per decision; every candidate move is played out in each. */
export const WORLDS = 160;
const MAX_ROLLOUT_MOVES = 600;
/** How many standard errors a move must gain over the medium move to replace it. */
const Z = 1;
/** Steps of the opponent model's chain before the first world, and between two worlds. */
const BURN_IN = 6000;
const THIN = 10;

/**
 * "Difficile": counts cards, reads its opponents and looks ahead. From the deck, its hand and the
 * face-up discard it knows the unseen cards. It assumes its opponents play like the medium bot and
 * guesses their hands from what they did this round (posterior.ts: a guess is likelier the more of
 * their plays, element choices, draws and keeps it explains). It deals the unseen cards into the
 * other hands and the pile by those guesses many times over, plays each of its candidate moves in
 * every such world, finishes the round with every seat playing like the medium bot, and compares how
 * the rounds end for it against the others. It plays the medium move unless another move does
 * clearly better over the same worlds. Never passes.
 */
export const hard: BotStrategy<WhisView, WhisMove> = {
  id: "hard",
  names: { fr: "Difficile", en: "Hard" },
  decide(input) {
    const k = knowledgeOf(input);
    const candidates = k.moves.filter((m) => m.type !== "pass");
    if (candidates.length <= 1) return candidates[0] ?? k.moves[0] ?? { type: "pass" };
    const rng = new Rng([word(input.random), word(input.random), word(input.random), word(input.random)]);
    const values = candidates.map((): number[] => []);
    const unseen = unseenCodes(k);
    // Opponents modelled as medium players when the round's summaries add up; else plain card counting.
    const timeline = timelineOf(k.view, input.history, () => rng.next());
    const posterior = timeline === null ? null : new Posterior(k, timeline, unseen, rng);
    posterior?.anneal(BURN_IN);
    for (let w = 0; w < WORLDS; w++) {
      posterior?.walk(THIN);
      const world = posterior === null ? sampleWorld(k, unseen, rng) : posterior.world();
      const seed = [rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32), rng.int(2 ** 32)] as const;
      candidates.forEach((move, i) => {
        // The same reshuffles for every candidate: differences come from the moves, not the luck.
        const changes = rollout(copySim(world), firstOf(move), new Rng(seed), MAX_ROLLOUT_MOVES);
        values[i]?.push(valueOf(k, changes));
      });
    }
    // The medium move is the default; another move must beat it clearly over the same worlds, or the
    // noise of a few dozen rollouts would make the bot worse than the policy it simulates.
    const usual = medium.decide(input);
    const base = Math.max(0, candidates.findIndex((m) => sameMove(m, usual)));
    let best = base;
    let bestGain = 0;
    candidates.forEach((_, i) => {
      const gain = pairedGain(values[i] ?? [], values[base] ?? []);
      if (gain > bestGain) [best, bestGain] = [i, gain];
    });
    return candidates[best] ?? usual;
  },
};

/** The mean paired gain of `a` over `b` when it is clearly above zero (mean > Z standard errors), else 0. */
function pairedGain(a: readonly number[], b: readonly number[]): number {
  const n = a.length;
  if (n < 2) return 0;
  const d = a.map((x, i) => x - (b[i] ?? 0));
  const mean = d.reduce((s, x) => s + x, 0) / n;
  const variance = d.reduce((s, x) => s + (x - mean) ** 2, 0) / (n - 1);
  return mean > Z * Math.sqrt(variance / n) ? mean : 0;
}

function sameMove(a: WhisMove, b: WhisMove): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function word(random: () => number): number {
  return Math.floor(random() * 2 ** 32) >>> 0;
}

function firstOf(move: WhisMove): FirstMove {
  if (move.type === "play") return { type: "play", code: codeOf(move.card), ask: move.ask === undefined ? 0 : elementCode(move.ask) };
  return move.type === "keep" ? { type: "keep" } : { type: "draw" };
}

/**
 * A round's worth to the bot: its score change against the others' average. (Measuring the lead over
 * the best other total instead, or the game win in the last round, did no better in the arena.) An
 * unfinished rollout is worth 0.
 */
function valueOf(k: Knowledge, changes: number[] | null): number {
  if (changes === null) return 0;
  const mine = changes[k.seat] ?? 0;
  const others = changes.reduce((sum, c, seat) => (seat === k.seat ? sum : sum + c), 0) / Math.max(1, changes.length - 1);
  return mine - others;
}
