import type { BotStrategy } from "../../../engine/types";
import type { QwirkleMove, QwirkleView } from "../types";
import { candidatesOf } from "./candidates";
import { stuckMove, tilesOutsideBestGroup } from "./exchange";
import { knowledgeOf } from "./knowledge";
import { placeMove } from "./moves";

/**
 * "Facile": a beginner. Plays a random legal placement, favouring short ones (weight 1/n² for n
 * tiles), so it rarely sees the big moves. When it cannot place it swaps its duplicates and the
 * tiles that do not match its best colour or shape; it passes only when that is the only legal move.
 */
export const easy: BotStrategy<QwirkleView, QwirkleMove> = {
  id: "easy",
  names: { fr: "Facile", en: "Easy" },
  decide(input) {
    const k = knowledgeOf(input);
    const candidates = candidatesOf(k);
    if (candidates.length === 0) return stuckMove(k.hand, tilesOutsideBestGroup(k.hand), k.bagCount);
    const weights = candidates.map((c) => 1 / (c.placements.length * c.placements.length));
    let r = input.random() * weights.reduce((a, b) => a + b, 0);
    for (const [i, c] of candidates.entries()) {
      r -= weights[i] ?? 0;
      if (r < 0) return placeMove(c.placements);
    }
    // Rounding can leave r a hair above zero after the last weight: take the last candidate.
    return placeMove(candidates[candidates.length - 1]?.placements ?? []);
  },
};
