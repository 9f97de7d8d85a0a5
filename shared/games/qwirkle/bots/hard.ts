import type { BotStrategy } from "../../../engine/types";
import { HAND_SIZE } from "../tiles";
import type { QwirkleMove, QwirkleView, Tile } from "../types";
import { candidatesOf, pickBest, type Candidate } from "./candidates";
import { Grid } from "./grid";
import { knowledgeOf, type Knowledge } from "./knowledge";
import { LeaveValuer, type LeaveWeights } from "./leave";
import { Lookahead, type Risk } from "./lookahead";
import { exchangeMove, PASS, placeMove } from "./moves";
import type { Opening } from "./openings";
import { Outlook, type OutlookWeights } from "./outlook";

/** The hard bot's knobs, tuned in the arena (see docs/bots.md). */
export interface HardParams {
  readonly outlook: OutlookWeights;
  readonly leave: LeaveWeights;
  readonly leaveWeight: number; // points per unit of hand quality
  readonly samples: number; // sample draws per leave
  readonly shortlist: number; // moves that get the lookahead
  readonly worlds: number; // deals of the hidden tiles the lookahead plays out
  readonly followUp: number; // weight of the bot's own next move in the lookahead
  readonly blend: number; // weight kept on the static judgement (leave, Qwirkle chances) after the lookahead
  readonly exchangeMargin: number; // an exchange must beat the best placement by this much
}

export const HARD_PARAMS: HardParams = {
  outlook: { threat: 1, own: 0.8, pairThreat: 1, baseline: 7 },
  leave: { synergy: [0, 0, 0.2, 0.9, 2, 4, 6], duplicate: 0.5 },
  leaveWeight: 1,
  samples: 12,
  shortlist: 8,
  worlds: 8,
  followUp: 0.8,
  blend: 0.5,
  exchangeMargin: 0,
};

/** Big enough to outweigh any score: ending the game as its winner beats every other move. */
const DECISIVE = 1000;

/** The value of ending the game now with this move: decisive either way once the scores are final. */
function goingOutValue(k: Knowledge, c: Candidate): number {
  const mine = (k.scores[k.seat] ?? 0) + c.points;
  const rival = Math.max(...k.scores.filter((_, s) => s !== k.seat));
  return c.points + (mine > rival ? DECISIVE : mine === rival ? 0 : -DECISIVE);
}

/**
 * The Qwirkle openings of a board as risks for the lookahead's correction, one per tile: an
 * opponent holding that tile takes one opening with it, the best.
 */
function risksOf(outlook: Outlook, openings: readonly Opening[]): Risk[] {
  const best = new Map<number, number>();
  for (const o of openings) best.set(o.code, Math.max(best.get(o.code) ?? 0, outlook.gain(o)));
  return [...best].map(([code, gain]) => ({ code, gain, chance: outlook.opponentChance(code) }));
}

/** An exchange the bot considers: what it keeps, what it gives back, and its static value. */
interface Exchange {
  readonly kept: readonly Tile[];
  readonly given: readonly Tile[];
  readonly quick: number;
}

/** The exchange with the best static value (every subset of the hand the bag allows). */
function bestExchange(k: Knowledge, leaves: LeaveValuer, outlook: Outlook, p: HardParams): Exchange | null {
  const n = k.hand.length;
  let best: Exchange | null = null;
  for (let mask = 0; mask < 1 << n; mask++) {
    const kept: Tile[] = [];
    const given: Tile[] = [];
    k.hand.forEach((t, i) => ((mask >> i) & 1 ? kept : given).push(t));
    if (given.length === 0 || given.length > Math.min(HAND_SIZE, k.bagCount)) continue;
    const quick = p.leaveWeight * leaves.value(kept) + outlook.unchanged(kept, given.length);
    if (best === null || quick > best.quick) best = { kept, given, quick };
  }
  return best;
}

/** A hard bot with the given knobs; `hard` below is the one the game lists. */
export function hardBot(p: HardParams, id = "hard", names = { fr: "Difficile", en: "Hard" }): BotStrategy<QwirkleView, QwirkleMove> {
  return {
    id,
    names,
    decide(input) {
      const k = knowledgeOf(input);
      const candidates = candidatesOf(k);
      const leaves = new LeaveValuer(k, p.leave, input.random, p.samples);
      const outlook = new Outlook(k, Grid.of(k.board, k.bounds), p.outlook);
      const exchange = k.bagCount > 0 ? bestExchange(k, leaves, outlook, p) : null;
      if (candidates.length === 0) return exchange === null ? PASS : exchangeMove(exchange.given);

      // A static first look (points, leave, Qwirkle chances) picks the moves worth a lookahead.
      const quick = (c: Candidate): number =>
        c.goesOut ? goingOutValue(k, c) : c.points + p.leaveWeight * leaves.value(c.leave) + outlook.after(c.placements, c.leave);
      const shortlist = candidates
        .map((c) => ({ c, quick: quick(c) }))
        .sort((a, b) => b.quick - a.quick)
        .slice(0, p.shortlist);
      // The lookahead then decides; part of the static judgement stays, as it knows the exact odds.
      const lookahead = new Lookahead(k, input.random, p.worlds, p.followUp);
      const judged = shortlist.map(({ c, quick: q }) => {
        if (c.goesOut) return { c, value: q };
        const risks = risksOf(outlook, outlook.openingsAfter(c.placements));
        return { c, value: c.points + lookahead.after(c.placements, c.leave, risks) + p.blend * (q - c.points) };
      });
      const best = pickBest(judged, (j) => j.value, input.random);
      if (best === undefined) return exchange === null ? PASS : exchangeMove(exchange.given);
      if (exchange !== null) {
        const risks = risksOf(outlook, outlook.openingsAfter([]));
        const value = lookahead.afterExchange(exchange.kept, exchange.given.length, risks) + p.blend * exchange.quick;
        if (value > best.value + p.exchangeMargin) return exchangeMove(exchange.given);
      }
      return placeMove(best.c.placements);
    },
  };
}

/**
 * "Difficile": greedy plus judgement and a short lookahead. Moves are first ranked by their points,
 * what they leave in hand and the Qwirkle chances they leave on the board (a line of five whose
 * missing tile is still unseen counts against a move as much as an opponent is likely to hold that
 * tile). The best few are then played out on a few random deals of the unseen tiles: the opponent
 * answers greedily and the bot replies greedily; a move is worth its points minus the answer plus
 * most of the reply. It exchanges when that plays out better, and goes out when that wins.
 */
export const hard = hardBot(HARD_PARAMS);
