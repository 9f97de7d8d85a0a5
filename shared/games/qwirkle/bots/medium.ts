import type { BotStrategy } from "../../../engine/types";
import type { QwirkleMove, QwirkleView } from "../types";
import { candidatesOf, pickBest } from "./candidates";
import { stuckMove, tilesOutsideBestGroup } from "./exchange";
import { knowledgeOf } from "./knowledge";
import { placeMove } from "./moves";

/**
 * "Moyen": greedy. Plays the placement that scores the most right now (end bonus included), ties
 * broken at random. When nothing fits it exchanges the tiles outside its best colour or shape group
 * (duplicates first), and passes only when the bag is empty.
 */
export const medium: BotStrategy<QwirkleView, QwirkleMove> = {
  id: "medium",
  names: { fr: "Moyen", en: "Medium" },
  decide(input) {
    const k = knowledgeOf(input);
    const best = pickBest(candidatesOf(k), (c) => c.points, input.random);
    if (best === undefined) return stuckMove(k.hand, tilesOutsideBestGroup(k.hand), k.bagCount);
    return placeMove(best.placements);
  },
};
