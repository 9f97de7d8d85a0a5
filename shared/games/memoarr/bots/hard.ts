import type { BotStrategy } from "../../../engine/types";
import { matches } from "../cards";
import { formatCell, parseCell } from "../cells";
import type { MemoarrMove, MemoarrView } from "../types";
import { pickBest, pickRandom, powerCells, reveal, revealCells } from "./choose";
import { knowledgeOf, matchChance, type Knowledge } from "./knowledge";
import { revealValue } from "./outlook";

/**
 * "Difficile": perfect memory of everything it has seen this game (its peeks, every reveal, every
 * public swap and hide in the log). Reveals the card that is safest for itself and leaves the next
 * player without a safe card, and uses the powers against the next player.
 */
export const hard: BotStrategy<MemoarrView, MemoarrMove> = {
  id: "hard",
  names: { fr: "Difficile", en: "Hard" },
  decide(input) {
    const view = input.view;
    if (view.phase === "peek") return { type: "ready" };
    const k = knowledgeOf(input, "game");
    switch (view.pending?.kind) {
      case "octopus":
        return { type: "swap", cell: formatCell(pickRandom(powerCells(view), input.random) ?? 0) };
      case "penguin":
        return penguin(k, input.random);
      case "walrus":
        return walrus(k, input.random);
      default: {
        const expert = view.options.expertRules;
        return reveal(pickBest(revealCells(k), (cell) => revealValue(k, cell, expert), input.random) ?? 0);
      }
    }
  },
};

/**
 * Penguin: turn face down a card that does not match the penguin, so the next player has one more
 * wrong card to fear; when every other face-up card matches, hiding one would help them: skip.
 */
function penguin(k: Knowledge, random: () => number): MemoarrMove {
  const penguinCard = k.view.lastCard?.card;
  const wrong = powerCells(k.view).filter((cell) => {
    const card = k.view.grid[cell]?.card;
    return penguinCard !== undefined && card !== null && card !== undefined && !matches(card, penguinCard);
  });
  const cell = pickRandom(wrong, random);
  return cell === undefined ? { type: "skip" } : { type: "hide", cell: formatCell(cell) };
}

/** Walrus: ban the card the next player is most likely to take safely: a match they know of (public, or in their peek). */
function walrus(k: Knowledge, random: () => number): MemoarrMove {
  const walrusCard = k.view.lastCard?.card ?? null;
  const me = k.view.seat ?? 0;
  const n = k.view.active.length;
  let next = me;
  for (let step = 1; step <= n; step++) {
    if (k.view.active[(me + step) % n] === true) {
      next = (me + step) % n;
      break;
    }
  }
  const theirPeek = new Set((k.view.peekCells[next] ?? []).flatMap((c) => parseCell(c) ?? []));
  // The ban matters only where the next player would go on purpose: a match they know of.
  const guess = 1 / Math.max(1, k.faceDown.length);
  const score = (cell: number): number => {
    const knowsIt = k.publicKnown.has(cell) || theirPeek.has(cell) ? 1 : guess;
    return matchChance(k, cell, walrusCard) * knowsIt;
  };
  return { type: "forbid", cell: formatCell(pickBest(powerCells(k.view), score, random) ?? 0) };
}
