// The hard bot's look-ahead: how safe a reveal is for itself, and how hard it leaves the next player's turn.
import type { Seat } from "../../../engine/types";
import { matches, sameCard } from "../cards";
import { parseCell } from "../cells";
import type { Card } from "../types";
import { matchChance, poolRate, type Knowledge } from "./knowledge";

/** How much the next player's chances weigh against this bot's own safety. */
export const NEXT_WEIGHT = 0.35;

/** The next active seat after `from`. */
function nextActive(active: readonly boolean[], from: Seat): Seat {
  for (let step = 1; step <= active.length; step++) {
    const seat = (from + step) % active.length;
    if (active[seat] === true) return seat;
  }
  return from;
}

/** The best chance of a follow-up reveal matching `card` once `cell` is face up (for a crab). */
function followUpChance(k: Knowledge, cell: number, card: Card): number {
  const rest = k.faceDown.filter((c) => c !== cell);
  return rest.reduce((best, c) => Math.max(best, matchChance(k, c, card)), 0);
}

/**
 * The chance that `next` survives a reveal after `card` is turned at `cell`: 1 when a matching card
 * lies where everyone remembers it; otherwise they may know a match among their own peek cells, or
 * else guess among the cards whose places are unknown.
 */
export function nextSurvival(k: Knowledge, next: Seat, cell: number, card: Card): number {
  const rest = k.faceDown.filter((c) => c !== cell);
  if (rest.length === 0) return 0;
  for (const c of rest) {
    const known = k.publicKnown.get(c);
    if (known !== undefined && matches(known, card)) return 1;
  }
  const peek = (k.view.peekCells[next] ?? []).flatMap((name) => parseCell(name) ?? []);
  let miss = 1;
  for (const c of peek) {
    if (rest.includes(c) && !k.publicKnown.has(c)) miss *= 1 - matchChance(k, c, card);
  }
  const pool = k.pool.filter((p) => !sameCard(p, card));
  return 1 - miss + miss * poolRate(pool, card);
}

/**
 * The value of revealing `cell`: the chance it is safe for this bot, times how little it leaves the
 * next player (a card matching nothing face down and unknown is best). Turning the last face-down
 * card wins the round. In expert rules a crab needs a second match, and a turtle skips the next
 * player (with two players left, this bot plays again, which only helps it).
 */
export function revealValue(k: Knowledge, cell: number, expert: boolean): number {
  const view = k.view;
  const me = view.seat ?? 0;
  const previous = view.lastCard?.card ?? null;
  const knownCard = k.known.get(cell);
  const outcomes: Card[] = knownCard !== undefined ? [knownCard] : k.pool.slice();
  if (outcomes.length === 0) return 0;
  const last = k.faceDown.length === 1;
  let total = 0;
  for (const card of outcomes) {
    if (previous !== null && !matches(card, previous)) continue;
    if (last) {
      total += 1;
      continue;
    }
    let next = nextActive(view.active, me);
    if (expert && card.animal === "T") next = nextActive(view.active, next);
    const threat = next === me ? 0 : nextSurvival(k, next, cell, card);
    const safety = expert && card.animal === "C" ? followUpChance(k, cell, card) : 1;
    total += safety * (1 - NEXT_WEIGHT * threat);
  }
  return total / outcomes.length;
}
