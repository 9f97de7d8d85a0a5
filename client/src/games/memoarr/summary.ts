// Memoarr! move records as text: a short line for the move history, and a sentence for the last event.
import type { Card, MemoarrMoveSummary } from "../../../../shared/games/memoarr";
import type { Translate } from "../../lib/errors";
import { isCard } from "./view";

const TYPES = new Set(["ready", "peekEnd", "reveal", "swap", "hide", "skip", "forbid"]);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A log record, if it has the shape of one of ours (the fields read below are checked here). */
export function asSummary(value: unknown): MemoarrMoveSummary | null {
  if (!isRecord(value) || typeof value["type"] !== "string" || !TYPES.has(value["type"])) return null;
  if ((value["type"] === "reveal" || value["type"] === "hide") && !isCard(value["card"])) return null;
  return value as unknown as MemoarrMoveSummary;
}

/** "blue walrus" / "morse (bleu)". */
export function cardName(card: Card, t: Translate): string {
  return t("games.memoarr.card", {
    values: { animal: t(`games.memoarr.animals.${card.animal}`), color: t(`games.memoarr.backgrounds.${card.background}`) },
  });
}

/** A move of the log as history text: "B4 blue walrus ✓ walrus!", "octopus: B3 ↔ A3". */
export function formatMemoarrSummary(value: unknown, t: Translate): string | null {
  const s = asSummary(value);
  if (s === null) return null;
  const h = (key: string, values?: Record<string, string | number>): string => t(`games.memoarr.history.${key}`, values === undefined ? undefined : { values });
  switch (s.type) {
    case "ready":
      return h(s.peekEnded ? "readyEnded" : "ready");
    case "peekEnd":
      return h("peekEnd");
    case "reveal": {
      const parts = [h("reveal", { cell: s.cell, card: cardName(s.card, t) })];
      parts.push(s.match === null ? h("first") : s.match ? h("match") : h("miss"));
      if (s.power !== null) parts.push(h(`power.${s.power}`));
      if (s.roundEnd !== null) {
        // The history has no names: the banner above the grid says who took the round.
        parts.push(h(s.roundEnd.winner === s.seat ? "roundWon" : "roundOver", { round: s.roundEnd.round }));
      }
      if (s.gameOver) parts.push(h("gameOver"));
      // The card and its mark ("✗ éliminé de la manche") read as one; what follows is another clause:
      // run on, it read "✗ éliminé de la manche fin de la manche 1".
      return [parts.slice(0, 2).join(" "), ...parts.slice(2)].join(" · ");
    }
    case "swap":
      return h("swap", { from: s.from, to: s.to });
    case "hide":
      return h("hide", { cell: s.cell });
    case "skip":
      return h("skip");
    case "forbid":
      return h("forbid", { cell: s.cell });
  }
}

/** The last move as sentences for the banner above the grid, with player names. */
export function eventText(value: unknown, t: Translate, name: (seat: number) => string): string | null {
  const s = asSummary(value);
  if (s === null) return null;
  const e = (key: string, values: Record<string, string | number> = {}): string => t(`games.memoarr.event.${key}`, { values });
  switch (s.type) {
    case "ready":
      return s.peekEnded ? e("peekEnd") : null;
    case "peekEnd":
      return e("peekEnd");
    case "reveal": {
      const who = name(s.seat);
      const parts = [e("reveal", { name: who, card: cardName(s.card, t), cell: s.cell })];
      parts.push(s.match === null ? e("first") : s.match ? e("match") : e("miss", { name: who }));
      if (s.power === "turtle") parts.push(e("turtle", { name: s.skipped === null ? "?" : name(s.skipped) }));
      else if (s.power !== null) parts.push(e(s.power, { name: who }));
      if (s.roundEnd !== null) {
        if (s.roundEnd.reason === "last-card") parts.push(e("lastCard"));
        parts.push(e("roundEnd", { name: name(s.roundEnd.winner), round: s.roundEnd.round }));
      }
      if (s.gameOver) parts.push(e("gameOver"));
      return parts.join(" ");
    }
    case "swap":
      return e("swap", { name: name(s.seat), from: s.from, to: s.to });
    case "hide":
      return e("hide", { name: name(s.seat), card: cardName(s.card, t), cell: s.cell });
    case "skip":
      return e("skip", { name: name(s.seat) });
    case "forbid":
      return e("forbid", { name: name(s.seat), cell: s.cell });
  }
}
