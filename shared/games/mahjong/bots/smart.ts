import type { BotStrategy } from "../../../engine/types";
import { searchSolution } from "../solver";
import type { Family, MahjongMove, MahjongView, ViewTile } from "../types";
import { rankPairs, type RankedPair } from "./heuristics";
import { knowledgeOf, knownPairs, nextOf, playTurn, type Knowledge } from "./knowledge";

/** Candidates the look-ahead checks, and the search nodes it may spend on each. */
const LOOKAHEAD_PAIRS = 4;
const LOOKAHEAD_NODES = 3_000;

/** The seed's SmartINAO: the known free pairs in Max-Block then Multiple-First order; shuffles when stuck. */
export const smartInao: BotStrategy<MahjongView, MahjongMove> = {
  id: "medium",
  names: { fr: "Moyen", en: "Medium" }, // the seed's SmartINAO
  decide(input) {
    const k = knowledgeOf(input);
    const best = rankPairs(k, knownPairs(k), input.random)[0];
    return playTurn(k, nextOf(k, best?.pair), input.random);
  },
};

/**
 * SmartINAO with a look-ahead: while every face on the board is in sight, it takes the first of its
 * ranked pairs after which the board still has a solution (an exact search with a node budget; a
 * search that runs out of budget counts as "maybe", after every proven one). Faces down, it plays
 * like SmartINAO on what it remembers.
 */
export const smartInaoLookahead: BotStrategy<MahjongView, MahjongMove> = {
  id: "hard",
  names: { fr: "Difficile", en: "Hard" }, // SmartINAO+ (SmartINAO with a look-ahead)
  decide(input) {
    const k = knowledgeOf(input);
    const ranked = rankPairs(k, knownPairs(k), input.random);
    return playTurn(k, nextOf(k, (lookAhead(k, ranked) ?? ranked[0])?.pair), input.random);
  },
};

function lookAhead(k: Knowledge, ranked: readonly RankedPair[]): RankedPair | undefined {
  if (k.view.tiles.some((t) => t.family === null)) return undefined;
  let maybe: RankedPair | undefined;
  for (const candidate of ranked.slice(0, LOOKAHEAD_PAIRS)) {
    const status = searchSolution(without(k.view.tiles, candidate.pair), LOOKAHEAD_NODES).status;
    if (status === "solved") return candidate;
    if (status === "gave-up") maybe ??= candidate;
  }
  return maybe;
}

function without(tiles: readonly ViewTile[], pair: readonly ViewTile[]): { x: number; y: number; z: number; family: Family | null }[] {
  return tiles.filter((t) => t.id !== pair[0]?.id && t.id !== pair[1]?.id);
}
