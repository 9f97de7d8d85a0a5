import type { BotStrategy } from "../../../engine/types";
import type { QwirkleMove, QwirkleView } from "../types";
import { candidatesOf, pickWeighted } from "./candidates";
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
    // Short moves weigh more (1/n² for n tiles), so the big moves are rarely seen.
    const chosen = pickWeighted(candidatesOf(k), (c) => 1 / c.placements.length ** 2, input.random);
    if (chosen === undefined) return stuckMove(k.hand, tilesOutsideBestGroup(k.hand), k.bagCount);
    return placeMove(chosen.placements);
  },
};
