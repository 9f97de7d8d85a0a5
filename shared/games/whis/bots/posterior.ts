// The hard bot's opponent model: guesses of the hidden hands weighted by how well they explain what
// each opponent did this round, assuming opponents play like the medium bot. A guess fills every
// unknown card of the round (the cards each opponent holds, and which dealt or drawn card each played
// card was) from the unseen cards; a Metropolis chain swaps cards between hands and the pile and keeps
// a swap with probability EPSILON^(new mismatches − old), so the guesses it visits come to follow the
// posterior. Only public facts enter: the view, the summaries and the seat's own hand.
import type { Rng } from "../../../engine/rng";
import type { Seat } from "../../../engine/types";
import type { Knowledge } from "./knowledge";
import { Explainer, RULE_WEIGHT } from "./explain";
import { codeOf, elementCode, type Code, type Sim } from "./simulate";
import type { Slot, Timeline } from "./timeline";

/** Odds against a move the medium policy would not have made in that guessed hand. */
export const EPSILON = 0.002;
/** Odds the chain starts from when annealing. */
const ANNEAL_FROM = 0.5;

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
  private readonly explainer: Explainer;

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
    this.explainer = new Explainer(timeline);
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
    for (const code of pool) this.pileCounts[code] = (this.pileCounts[code] ?? 0) + 1;
    this.pileMismatches = this.pileExcess();
  }

  /** Copies of each code in the pile guess, kept only when a reshuffle tells what the pile may hold. */
  private readonly pileCounts = new Array<number>(14).fill(0);
  private pileMismatches = 0;

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
    return this.mismatches.reduce((s, m) => s + m, this.pileMismatches);
  }

  /** Pile cards the last reshuffle cannot have put there (each a broken rule). */
  private pileExcess(): number {
    const source = this.timeline.pileSource;
    if (source === null) return 0;
    let excess = 0;
    for (let c = 0; c < 14; c++) excess += Math.max(0, (this.pileCounts[c] ?? 0) - (source[c] ?? 0));
    return RULE_WEIGHT * excess;
  }

  /** Swaps a held card with another held card or a pile card. */
  private swapCards(): void {
    const a = this.cells[this.rng.int(this.cells.length)];
    if (a === undefined) return;
    const j = this.rng.int(this.cells.length + this.pile.length);
    const b = this.cells[j];
    const codeA = a.slot.code;
    if (b !== undefined) {
      const codeB = b.slot.code;
      if (codeA === codeB) return;
      [a.slot.code, b.slot.code] = [codeB, codeA];
      if (!this.accept(a.owner, b.owner === a.owner ? -1 : b.owner, false)) [a.slot.code, b.slot.code] = [codeA, codeB];
      return;
    }
    const p = j - this.cells.length;
    const codeB = this.pile[p] as Code;
    if (codeA === codeB) return;
    this.exchangeWithPile(a, p, codeB);
    if (!this.accept(a.owner, -1, true)) this.exchangeWithPile(a, p, codeA);
  }

  /** Puts `code` in the cell and the cell's card at pile position `p`. */
  private exchangeWithPile(cell: Cell, p: number, code: Code): void {
    const out = cell.slot.code;
    cell.slot.code = code;
    this.pile[p] = out;
    this.pileCounts[code] = (this.pileCounts[code] ?? 0) - 1;
    this.pileCounts[out] = (this.pileCounts[out] ?? 0) + 1;
  }

  /** Exchanges which dealt or drawn card a played card was, within one opponent's hand. */
  private swapSlots(): void {
    const owner = this.opponents[this.rng.int(this.opponents.length)] as Seat;
    const slots = this.timeline.slots[owner] ?? [];
    const x = slots[this.rng.int(slots.length)];
    const y = slots[this.rng.int(slots.length)];
    if (x === undefined || y === undefined || x === y || x.locked || y.locked) return;
    if (x.playedAt === y.playedAt || !(x.arrived < y.playedAt && y.arrived < x.playedAt)) return;
    this.exchangeSlots(owner, x, y);
    if (!this.accept(owner, -1, false)) this.exchangeSlots(owner, x, y);
  }

  /** Swaps the cards and play times of two slots of `owner` (the cells follow their cards). */
  private exchangeSlots(owner: Seat, x: Slot, y: Slot): void {
    [x.code, y.code] = [y.code, x.code];
    [x.playedAt, y.playedAt] = [y.playedAt, x.playedAt];
    for (const cell of this.cells) if (cell.owner === owner && (cell.slot === x || cell.slot === y)) cell.slot = cell.slot === x ? y : x;
  }

  /**
   * Metropolis acceptance after a change touching seat `a`, seat `b` (-1: none) and the pile when
   * `pile`; updates the cached mismatches when kept.
   */
  private accept(a: Seat, b: Seat | -1, pile: boolean): boolean {
    const freshA = this.mismatchesOf(a);
    const freshB = b < 0 ? 0 : this.mismatchesOf(b);
    const freshPile = pile ? this.pileExcess() : this.pileMismatches;
    const delta = freshA - (this.mismatches[a] ?? 0) + (b < 0 ? 0 : freshB - (this.mismatches[b] ?? 0)) + freshPile - this.pileMismatches;
    if (delta > 0 && this.rng.next() >= this.epsilon ** delta) return false;
    this.mismatches[a] = freshA;
    if (b >= 0) this.mismatches[b] = freshB;
    this.pileMismatches = freshPile;
    return true;
  }

  /** How many of `seat`'s moves this round the guess fails to explain (rule breaches weigh more). */
  private mismatchesOf(seat: Seat): number {
    return this.explainer.mismatches(seat);
  }
}
