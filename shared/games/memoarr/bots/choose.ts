// Helpers every Memoarr! bot shares: the moves open to it, read from its view only.
import { formatCell, parseCell } from "../cells";
import type { MemoarrMove, MemoarrView } from "../types";
import type { Knowledge } from "./knowledge";

/** The cells this bot may reveal now: face down, minus a walrus's ban (void when one card is left). */
export function revealCells(k: Knowledge): number[] {
  const banned = k.view.forbidden === null ? null : parseCell(k.view.forbidden);
  return k.faceDown.filter((cell) => !(cell === banned && k.faceDown.length > 1));
}

/** The cells the pending power may name, as the view lists them. */
export function powerCells(view: MemoarrView): number[] {
  return (view.pending?.choices ?? []).flatMap((c) => parseCell(c) ?? []);
}

/** A uniformly random item (the first when `random` returns 0). */
export function pickRandom<T>(items: readonly T[], random: () => number): T | undefined {
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))];
}

/** The item with the best score, ties broken at random. */
export function pickBest<T>(items: readonly T[], score: (item: T) => number, random: () => number): T | undefined {
  const EPS = 1e-9;
  let best: T[] = [];
  let bestScore = -Infinity;
  for (const item of items) {
    const s = score(item);
    if (s > bestScore + EPS) {
      best = [item];
      bestScore = s;
    } else if (Math.abs(s - bestScore) <= EPS) {
      best.push(item);
    }
  }
  return pickRandom(best, random);
}

export const reveal = (cell: number): MemoarrMove => ({ type: "reveal", cell: formatCell(cell) });

/** A random follow-up for a pending octopus, penguin (skip included) or walrus. */
export function randomPower(view: MemoarrView, random: () => number): MemoarrMove {
  const cells = powerCells(view);
  const kind = view.pending?.kind;
  if (kind === "penguin") {
    const cell = pickRandom([...cells, null], random) ?? null;
    return cell === null ? { type: "skip" } : { type: "hide", cell: formatCell(cell) };
  }
  const cell = formatCell(pickRandom(cells, random) ?? 0);
  return kind === "octopus" ? { type: "swap", cell } : { type: "forbid", cell };
}
