// The hard bot's opponent model: guesses of the hidden hands weighted by how well they explain what
// each opponent did this round, assuming opponents play like the medium bot. A guess fills every
// unknown card of the round (the cards each opponent holds, and which dealt or drawn card each played
// card was) from the unseen cards; a Metropolis chain swaps cards between hands and the pile and keeps
// a swap with probability EPSILON^(new mismatches − old), so the guesses it visits come to follow the
// posterior. Only public facts enter: the view, the summaries and the seat's own hand.
import type { Rng } from "../../../engine/rng";
import type { Seat } from "../../../engine/types";
import type { Knowledge } from "./knowledge";
import { ATTACK, codeOf, elementCode, elementIndex, kindIndex, LIGHT, playable, SPECIAL, TARGET, TRANSITION, VALUE, WATER, type Code, type Sim } from "./simulate";
import type { RoundEvent, Slot, Timeline } from "./timeline";

/** Odds against a move the medium policy would not have made in that guessed hand. */
export const EPSILON = 0.002;
/** Odds the chain starts from when annealing. */
const ANNEAL_FROM = 0.5;
/** A move the rules forbid with that hand (drawing while holding a playable card) counts as this many mismatches. */
const RULE_WEIGHT = 4;
const PRISM = WATER * 4 + SPECIAL;

/** A held card of an opponent: the slot whose code the chain changes. */
interface Cell {
  readonly owner: Seat;
  slot: Slot;
}

export class Posterior {
  private readonly cells: Cell[] = [];
  private readonly pile: Code[];
  private readonly mismatches: number[];
  private readonly opponents: Seat[];
  private readonly movesOf: number[][]; // per seat, the indices of its events

  /**
   * `unseen`: the unseen cards (deck − own hand − face-up discard), one entry per copy. Throws a
   * RangeError if the opponents hold more cards than that, which a consistent timeline never does.
   */
  constructor(
    private readonly k: Knowledge,
    private readonly timeline: Timeline,
    unseen: readonly Code[],
    private readonly rng: Rng,
  ) {
    this.movesOf = timeline.slots.map((_, seat) => timeline.events.flatMap((ev, e) => (ev.seat === seat ? [e] : [])));
    const pool = rng.shuffle(unseen);
    this.opponents = timeline.slots.map((_, seat) => seat).filter((seat) => seat !== k.seat);
    for (const owner of this.opponents) {
      for (const slot of timeline.slots[owner] ?? []) {
        if (slot.playedAt !== Infinity) continue;
        const code = pool.pop();
        if (code === undefined) throw new RangeError("more hidden cards than unseen ones");
        slot.code = code;
        this.cells.push({ owner, slot });
      }
    }
    this.pile = pool;
    this.mismatches = timeline.slots.map((_, seat) => (seat === k.seat ? 0 : this.mismatchesOf(seat)));
  }

  private epsilon = EPSILON;

  /** Runs the chain `steps` more steps. */
  walk(steps: number): void {
    for (let i = 0; i < steps; i++) {
      if (this.rng.next() < 0.7) this.swapCards();
      else this.swapSlots();
    }
  }

  /**
   * Runs the chain `steps` steps while its odds against a mismatch fall from ANNEAL_FROM to EPSILON:
   * from a random deal, a chain held at EPSILON at once can stay stuck for thousands of steps in a
   * guess that a few swaps, each costing a mismatch first, would improve.
   */
  anneal(steps: number): void {
    for (let i = 0; i < steps; i++) {
      this.epsilon = ANNEAL_FROM * (EPSILON / ANNEAL_FROM) ** (i / steps);
      this.walk(1);
    }
    this.epsilon = EPSILON;
  }

  /** The current guess as a simulator position (a fresh copy; the pile in random order). */
  world(): Sim {
    const hands: Code[][] = this.k.view.handCounts.map(() => []);
    hands[this.k.seat] = this.k.hand.map(codeOf);
    for (const cell of this.cells) hands[cell.owner]?.push(cell.slot.code);
    return {
      hands,
      pile: this.rng.shuffle(this.pile),
      discard: this.k.view.discard.map(codeOf),
      asked: elementCode(this.k.view.asked),
      attack: this.k.view.attack,
      direction: this.k.view.direction,
      turn: this.k.seat,
    };
  }

  /** Total mismatches of the current guess (0: every move is what medium would have done). */
  get mismatchTotal(): number {
    return this.mismatches.reduce((s, m) => s + m, 0);
  }

  /** Swaps a held card with another held card or a pile card. */
  private swapCards(): void {
    const a = this.cells[this.rng.int(this.cells.length)];
    if (a === undefined) return;
    const j = this.rng.int(this.cells.length + this.pile.length);
    const b = this.cells[j];
    const codeA = a.slot.code;
    const codeB = b === undefined ? (this.pile[j - this.cells.length] as Code) : b.slot.code;
    if (codeA === codeB) return;
    const set = (code: Code, other: Code): void => {
      a.slot.code = code;
      if (b === undefined) this.pile[j - this.cells.length] = other;
      else b.slot.code = other;
    };
    set(codeB, codeA);
    if (!this.accept(b === undefined || b.owner === a.owner ? [a.owner] : [a.owner, b.owner])) set(codeA, codeB);
  }

  /** Exchanges which dealt or drawn card a played card was, within one opponent's hand. */
  private swapSlots(): void {
    const owner = this.opponents[this.rng.int(this.opponents.length)] as Seat;
    const slots = this.timeline.slots[owner] ?? [];
    const x = slots[this.rng.int(slots.length)];
    const y = slots[this.rng.int(slots.length)];
    if (x === undefined || y === undefined || x === y || x.locked || y.locked) return;
    if (x.playedAt === y.playedAt || !(x.arrived < y.playedAt && y.arrived < x.playedAt)) return;
    const exchange = (): void => {
      [x.code, y.code] = [y.code, x.code];
      [x.playedAt, y.playedAt] = [y.playedAt, x.playedAt];
      for (const cell of this.cells) if (cell.owner === owner && (cell.slot === x || cell.slot === y)) cell.slot = cell.slot === x ? y : x;
    };
    exchange();
    if (!this.accept([owner])) exchange();
  }

  /** Metropolis acceptance after a change touching `owners`; updates the cached mismatches when kept. */
  private accept(owners: readonly Seat[]): boolean {
    const fresh = owners.map((o) => this.mismatchesOf(o));
    const delta = fresh.reduce((s, m, i) => s + m - (this.mismatches[owners[i] as Seat] ?? 0), 0);
    if (delta > 0 && this.rng.next() >= this.epsilon ** delta) return false;
    owners.forEach((o, i) => (this.mismatches[o] = fresh[i] ?? 0));
    return true;
  }

  /** How many of `seat`'s moves this round the guess fails to explain (rule breaches weigh more). */
  private mismatchesOf(seat: Seat): number {
    const slots = this.timeline.slots[seat] ?? [];
    const modelled = !this.timeline.unmodelled.has(seat);
    const hand = new Array<number>(14);
    let total = 0;
    for (const e of this.movesOf[seat] ?? []) {
      hand.fill(0);
      for (const s of slots) if (s.arrived < e && s.playedAt >= e) hand[s.code] = (hand[s.code] ?? 0) + 1;
      total += eventMismatches(this.timeline.events[e] as RoundEvent, e, hand, slots, modelled);
    }
    return total;
  }
}

function eventMismatches(ev: RoundEvent, e: number, hand: number[], slots: readonly Slot[], modelled: boolean): number {
  switch (ev.type) {
    case "draw": {
      if (ev.penalty) return modelled && holdsAttack(hand) ? 1 : 0;
      let m = anyPlayable(hand, ev.asked) ? RULE_WEIGHT : 0;
      const drawn = slots.find((s) => s.arrived === e);
      if (drawn !== undefined && playable(drawn.code, ev.asked, 0) !== ev.deciding) m += RULE_WEIGHT;
      return m;
    }
    case "keep": {
      const drawn = slots.find((s) => s.arrived === e - 1);
      return modelled && drawn !== undefined && (kindIndex(drawn.code) !== ATTACK || ev.close) ? 1 : 0;
    }
    case "play": {
      if (!modelled) return 0;
      let m = 0;
      if (!ev.fromDraw && ev.asked >= 0 && !mediumWouldPlay(hand, ev)) m++;
      if (ev.ask >= 0) {
        hand[ev.code] = (hand[ev.code] ?? 0) - 1;
        if (favourite(hand) !== ev.ask) m++;
        hand[ev.code] = (hand[ev.code] ?? 0) + 1;
      }
      return m;
    }
    case "pass":
      return 0;
  }
}

function holdsAttack(hand: readonly number[]): boolean {
  return (hand[ATTACK] ?? 0) + (hand[4 + ATTACK] ?? 0) + (hand[8 + ATTACK] ?? 0) > 0;
}

function anyPlayable(hand: readonly number[], asked: number): boolean {
  for (let c = 0; c < 14; c++) if ((hand[c] ?? 0) > 0 && playable(c, asked, 0)) return true;
  return false;
}

function countElement(hand: readonly number[], element: number): number {
  return (hand[element * 4] ?? 0) + (hand[element * 4 + 1] ?? 0) + (hand[element * 4 + 2] ?? 0) + (hand[element * 4 + 3] ?? 0);
}

/** The element a hand holds most of (ties: water, fire, wind), as medium asks for. */
function favourite(hand: readonly number[]): number {
  let best = 0;
  for (let e = 1; e < 3; e++) if (countElement(hand, e) > countElement(hand, best)) best = e;
  return best;
}

/**
 * Whether medium, holding `hand`, could have played `ev.code` (ties in its scores go by the order of
 * the hand, which nobody else knows, so any of the tied cards fits).
 */
function mediumWouldPlay(hand: number[], ev: RoundEvent): boolean {
  const score = (code: Code): number => {
    if (ev.attack > 0) return countElement(hand, elementIndex(code)) - 1;
    if (ev.close) return VALUE[code] ?? 0;
    if (code >= LIGHT) return -1000;
    if (kindIndex(code) === ATTACK) return -2000;
    hand[code] = (hand[code] ?? 0) - 1;
    const lead = kindIndex(code) === TRANSITION ? (TARGET[elementIndex(code)] ?? 0) : code === PRISM ? favourite(hand) : elementIndex(code);
    const s = 10 * countElement(hand, lead) + (VALUE[code] ?? 0);
    hand[code] = (hand[code] ?? 0) + 1;
    return s;
  };
  let best = -Infinity;
  for (let c = 0; c < 14; c++) if ((hand[c] ?? 0) > 0 && playable(c, ev.asked, ev.attack)) best = Math.max(best, score(c));
  return (hand[ev.code] ?? 0) > 0 && score(ev.code) === best;
}
