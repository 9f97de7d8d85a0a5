// How well a guess of one opponent's cards explains what they did this round, if they play like the
// medium bot: the count of their moves medium would not have made holding those cards (a move the
// rules forbid with them weighs RULE_WEIGHT). The hard bot's opponent model (posterior.ts) calls this
// for every change its chain tries, so it walks the round once, keeping the hand as counts per code.
import type { Seat } from "../../../engine/types";
import { ATTACK, favouriteWithout, kindIndex, mediumScore, playable, type Code } from "./simulate";
import type { RoundEvent, Slot, Timeline } from "./timeline";

/** A move the rules forbid with the guessed hand (drawing while holding a playable card) counts as this many mismatches. */
export const RULE_WEIGHT = 4;
const CODES = 14;

export class Explainer {
  private readonly movesOf: number[][]; // per seat, the indices of its events, in order
  private readonly arrivals: (Slot | undefined)[][]; // per seat, by event index: the first card drawn then
  private readonly hand = new Array<number>(CODES).fill(0);
  private readonly elements = [0, 0, 0]; // cards of each element in `hand`
  private readonly scores = new Array<number>(CODES).fill(0);

  constructor(private readonly timeline: Timeline) {
    this.movesOf = timeline.slots.map((_, seat) => timeline.events.flatMap((ev, e) => (ev.seat === seat ? [e] : [])));
    this.arrivals = timeline.slots.map((slots) => {
      const byEvent: (Slot | undefined)[] = [];
      for (const slot of slots) if (slot.arrived >= 0 && byEvent[slot.arrived] === undefined) byEvent[slot.arrived] = slot;
      return byEvent;
    });
  }

  /** The mismatches of `seat`'s moves with its slots' current codes (0: medium would have made them all). */
  mismatches(seat: Seat): number {
    const slots = this.timeline.slots[seat] ?? [];
    const modelled = !this.timeline.unmodelled.has(seat);
    const hand = this.hand;
    hand.fill(0);
    // A hand keeps its cards in the order they arrived, which is the slots' order: walking the events
    // in order, a slot joins the hand after the event it arrived at and leaves after it is played.
    let joined = 0;
    let total = 0;
    for (const e of this.movesOf[seat] ?? []) {
      for (; joined < slots.length && (slots[joined] as Slot).arrived < e; joined++) add(hand, (slots[joined] as Slot).code, 1);
      const ev = this.timeline.events[e] as RoundEvent;
      total += this.eventMismatches(ev, e, seat, slots, modelled);
      if (ev.type === "play") add(hand, ev.code, -1);
    }
    return total;
  }

  private eventMismatches(ev: RoundEvent, e: number, seat: Seat, slots: readonly Slot[], modelled: boolean): number {
    const hand = this.hand;
    switch (ev.type) {
      case "draw": {
        if (ev.penalty) return modelled && holdsAttack(hand) ? 1 : 0;
        let m = anyPlayable(hand, ev.asked) ? RULE_WEIGHT : 0;
        const drawn = this.arrivals[seat]?.[e];
        if (drawn !== undefined && playable(drawn.code, ev.asked, 0) !== ev.deciding) m += RULE_WEIGHT;
        return m;
      }
      case "keep": {
        const drawn = this.arrivals[seat]?.[e - 1];
        return modelled && drawn !== undefined && (kindIndex(drawn.code) !== ATTACK || ev.close) ? 1 : 0;
      }
      case "play": {
        if (!modelled) return 0;
        this.countElements();
        let m = 0;
        if (!ev.fromDraw && ev.asked >= 0 && !this.mediumWouldPlay(ev, e, slots)) m++;
        if (ev.ask >= 0 && favouriteWithout(this.elements, ev.code) !== ev.ask) m++;
        return m;
      }
      case "pass":
        return 0;
    }
  }

  private countElements(): void {
    const h = this.hand;
    for (let el = 0; el < 3; el++) this.elements[el] = (h[el * 4] ?? 0) + (h[el * 4 + 1] ?? 0) + (h[el * 4 + 2] ?? 0) + (h[el * 4 + 3] ?? 0);
  }

  /**
   * Whether medium, holding the hand, would have played `ev.code`: the card with the best score, and
   * among cards tied for it the one it holds first (medium goes through its hand in order, and a hand
   * keeps the order its cards arrived in: the slots' order). Which copy of a card was played does not
   * matter, only the first tied card's kind and element.
   */
  private mediumWouldPlay(ev: RoundEvent, e: number, slots: readonly Slot[]): boolean {
    const hand = this.hand;
    if ((hand[ev.code] ?? 0) === 0) return false;
    let best = -Infinity;
    let tied = 0;
    for (let c = 0; c < CODES; c++) {
      if ((hand[c] ?? 0) === 0 || !playable(c, ev.asked, ev.attack)) {
        this.scores[c] = -Infinity;
        continue;
      }
      const s = mediumScore(c, ev.attack, ev.close, this.elements);
      this.scores[c] = s;
      if (s > best) [best, tied] = [s, 1];
      else if (s === best) tied++;
    }
    if (this.scores[ev.code] !== best) return false;
    if (tied === 1) return true;
    for (const s of slots) if (s.arrived < e && s.playedAt >= e && this.scores[s.code] === best) return s.code === ev.code;
    return false;
  }
}

function add(hand: number[], code: Code, n: number): void {
  hand[code] = (hand[code] ?? 0) + n;
}

function holdsAttack(hand: readonly number[]): boolean {
  return (hand[ATTACK] ?? 0) + (hand[4 + ATTACK] ?? 0) + (hand[8 + ATTACK] ?? 0) > 0;
}

function anyPlayable(hand: readonly number[], asked: number): boolean {
  for (let c = 0; c < CODES; c++) if ((hand[c] ?? 0) > 0 && playable(c, asked, 0)) return true;
  return false;
}
