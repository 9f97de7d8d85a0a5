import type { BotStrategy } from "../../../engine/types";
import type { MemoarrMove, MemoarrView } from "../types";
import { pickRandom, randomPower, reveal, revealCells } from "./choose";
import { knowledgeOf } from "./knowledge";

/**
 * "Facile": remembers nothing beyond the cards face up now, so every face-down card looks the
 * same to it: it reveals one at random and uses powers at random.
 */
export const easy: BotStrategy<MemoarrView, MemoarrMove> = {
  id: "easy",
  names: { fr: "Facile", en: "Easy" },
  decide(input) {
    const view = input.view;
    if (view.phase === "peek") return { type: "ready" };
    if (view.pending !== null && view.pending.kind !== "crab") return randomPower(view, input.random);
    const k = knowledgeOf(input, "none");
    return reveal(pickRandom(revealCells(k), input.random) ?? 0);
  },
};
