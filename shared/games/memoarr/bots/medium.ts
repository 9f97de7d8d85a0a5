import type { BotStrategy } from "../../../engine/types";
import type { MemoarrMove, MemoarrView } from "../types";
import { pickBest, randomPower, reveal, revealCells } from "./choose";
import { knowledgeOf, matchChance } from "./knowledge";

/**
 * "Moyen": remembers its own peek and everything revealed this round, and reveals the card most
 * likely to match (a remembered match first). Powers: random, and it never uses the penguin.
 */
export const medium: BotStrategy<MemoarrView, MemoarrMove> = {
  id: "medium",
  names: { fr: "Moyen", en: "Medium" },
  decide(input) {
    const view = input.view;
    if (view.phase === "peek") return { type: "ready" };
    if (view.pending?.kind === "penguin") return { type: "skip" };
    if (view.pending !== null && view.pending.kind !== "crab") return randomPower(view, input.random);
    const k = knowledgeOf(input, "round");
    const previous = view.lastCard?.card ?? null;
    return reveal(pickBest(revealCells(k), (cell) => matchChance(k, cell, previous), input.random) ?? 0);
  },
};
