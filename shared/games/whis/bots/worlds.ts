// Guesses of the hidden cards for the hard bot's look-ahead when its opponent model cannot read the
// round (posterior.ts needs the summaries back to the deal): the unseen cards dealt at random to the
// other hands (by their public sizes) and the pile, honouring what each opponent is known to lack.
import type { Rng } from "../../../engine/rng";
import { ALL_CARDS, cardKey } from "../cards";
import type { Knowledge } from "./knowledge";
import { codeOf, elementCode, type Code, type Sim } from "./simulate";

/** The unseen cards as codes, one entry per copy. */
export function unseenCodes(k: Knowledge): Code[] {
  const out: Code[] = [];
  for (const card of ALL_CARDS) {
    const n = k.unseen.get(cardKey(card)) ?? 0;
    for (let i = 0; i < n; i++) out.push(codeOf(card));
  }
  return out;
}

/**
 * One possible world: a Sim of the current position. Opponents known to lack some elements (and the
 * wilds) with no card drawn since get their cards from the rest first; the others take what remains,
 * and the pile the leftovers in random order.
 */
export function sampleWorld(k: Knowledge, unseen: readonly Code[], rng: Rng): Sim {
  const pool = rng.shuffle(unseen);
  const hands: Code[][] = k.view.handCounts.map(() => []);
  hands[k.seat] = k.hand.map(codeOf);
  const order = k.view.handCounts.map((_, seat) => seat).filter((seat) => seat !== k.seat);
  const strict = order.filter((seat) => k.voids[seat]?.since === 0);
  for (const seat of [...strict, ...order.filter((s) => !strict.includes(s))]) {
    const known = k.voids[seat];
    const banned = new Set<number>(known?.since === 0 ? [...known.elements].map(elementCode) : []);
    const allowed = (code: Code): boolean => known?.since !== 0 || (code < 12 && !banned.has(Math.floor(code / 4)));
    const want = k.view.handCounts[seat] ?? 0;
    const hand = hands[seat] as Code[];
    while (hand.length < want) {
      // Weighted draw without replacement: opponents hold on to attacks and wild cards.
      let total = 0;
      for (const code of pool) if (allowed(code)) total += weightOf(code);
      if (total === 0) break;
      let r = rng.next() * total;
      let pick = -1;
      for (let i = 0; i < pool.length && pick < 0; i++) {
        const code = pool[i] as Code;
        if (!allowed(code)) continue;
        r -= weightOf(code);
        if (r < 0) pick = i;
      }
      if (pick < 0) pick = pool.findIndex(allowed);
      hand.push(...pool.splice(pick, 1));
    }
    while (hand.length < want && pool.length > 0) hand.push(pool.pop() as Code); // the inference was wrong: fill anyway
  }
  return {
    hands,
    pile: pool,
    discard: k.view.discard.map(codeOf),
    asked: elementCode(k.view.asked),
    attack: k.view.attack,
    direction: k.view.direction,
    turn: k.seat,
  };
}

/** Opponents keep attacks and wild cards for when they need them, so a hidden hand holds more of them than a random one would. */
export const HOARD_WEIGHT = 3;

function weightOf(code: Code): number {
  return code >= 12 || code % 4 === 1 ? HOARD_WEIGHT : 1;
}

/** A deep copy, so each candidate move is tried on the same world. */
export function copySim(sim: Sim): Sim {
  return { ...sim, hands: sim.hands.map((h) => h.slice()), pile: sim.pile.slice(), discard: sim.discard.slice() };
}
