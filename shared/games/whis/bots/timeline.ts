// The current round told from the public summaries alone: every seat's moves with the situation each
// was made in (element asked, active attack, whether another seat was close to going out), and every
// hand as "slots" — the six cards dealt plus one per card drawn, each tagged with when it arrived and,
// once played, when it left. The hard bot's opponent model (posterior.ts) fills the unknown slots.
import type { PublicMoveSummary, Seat } from "../../../engine/types";
import { HAND_SIZE } from "../cards";
import type { WhisMoveSummary, WhisView } from "../types";
import { CLOSE_TO_OUT } from "./medium";
import { codeOf, elementCode, type Code } from "./simulate";

/** One public move of the round, with the situation before it (`asked` -1: not known). */
export interface RoundEvent {
  readonly seat: Seat;
  readonly type: "play" | "draw" | "pass" | "keep";
  readonly code: Code; // the card played (-1 for other moves)
  readonly ask: number; // the element chosen with Prism, Light or Darkness (-1: none)
  readonly fromDraw: boolean;
  readonly count: number; // cards drawn
  readonly penalty: boolean;
  readonly deciding: boolean;
  readonly asked: number; // element asked before the move
  readonly attack: number; // active attack before the move
  readonly close: boolean; // another seat held CLOSE_TO_OUT cards or fewer before the move
}

/** One card of a hand over the round: when it arrived (-1 = dealt) and when it was played (never: Infinity). */
export interface Slot {
  readonly arrived: number; // index of the draw event, -1 for the deal
  code: Code; // -1 while unknown
  playedAt: number; // index of the play event, Infinity while held
  readonly locked: boolean; // a drawn card played at once: it cannot be another slot's card
}

export interface Timeline {
  readonly events: readonly RoundEvent[];
  /** Per seat, its slots (the bot's own seat included, though never used). */
  readonly slots: readonly Slot[][];
  /** Seats that made a move the medium policy never makes (a voluntary pass): no policy model for them. */
  readonly unmodelled: ReadonlySet<Seat>;
  /**
   * After a reshuffle this round, the cards it put into the pile (copies per code): the pile now
   * holds only cards from these. Null before any reshuffle, or when the cards are not known.
   */
  readonly pileSource: readonly number[] | null;
}

/**
 * The round so far, or null when the summaries do not add up to the view (a history that does not
 * reach back to the round's deal, or hand sizes that disagree): the caller then knows less.
 */
export function timelineOf(view: WhisView, history: readonly PublicMoveSummary[], random: () => number): Timeline | null {
  const seatCount = view.handCounts.length;
  let start = history.length;
  while (start > 0 && !endsRound(history[start - 1] as WhisMoveSummary)) start--;
  if (start === 0 && view.round !== 1) return null;
  const round = history.slice(start) as WhisMoveSummary[];
  const counts = Array.from({ length: seatCount }, () => HAND_SIZE);
  const slots: Slot[][] = counts.map((n) => Array.from({ length: n }, (): Slot => ({ arrived: -1, code: -1, playedAt: Infinity, locked: false })));
  const unmodelled = new Set<Seat>();
  const events: RoundEvent[] = [];
  let asked = initialAsked(view, round);
  let attack = 0;
  // The discard as it grows, to know what a reshuffle put into the pile (-1: a card not known).
  let discard: Code[] = [asked < 0 ? -1 : asked * 4]; // the first card turned up is a simple card
  let pileSource: number[] | null = null;
  for (const s of round) {
    const e = events.length;
    const close = counts.some((n, seat) => seat !== s.seat && n <= CLOSE_TO_OUT);
    const hand = slots[s.seat] as Slot[];
    if (s.type === "draw") asked = elementCode(s.asked);
    const base = { seat: s.seat, type: s.type, code: -1, ask: -1, fromDraw: false, count: 0, penalty: false, deciding: false, asked, attack, close };
    if (s.type === "play") {
      const code = codeOf(s.card);
      events.push({ ...base, code, ask: s.ask === null ? -1 : elementCode(s.ask), fromDraw: s.fromDraw });
      const drawnAt = s.fromDraw ? hand.findIndex((x) => x.arrived === e - 1 && x.playedAt === Infinity) : -1;
      const slot = s.fromDraw ? hand[drawnAt] : randomHeld(hand, random);
      if (slot === undefined) return null;
      if (s.fromDraw) hand[drawnAt] = { arrived: slot.arrived, code, playedAt: e, locked: true };
      else [slot.code, slot.playedAt] = [code, e];
      counts[s.seat] = (counts[s.seat] ?? 0) - 1;
      discard.push(code);
      asked = elementCode(s.asked);
      attack = s.attack;
    } else if (s.type === "keep") {
      events.push(base);
    } else {
      if (s.type === "pass") unmodelled.add(s.seat);
      if (s.reshuffled) {
        pileSource = countCodes(discard.slice(0, -1));
        discard = discard.slice(-1);
      }
      const penalty = s.type === "draw" && s.penalty;
      events.push({ ...base, count: s.count, penalty, deciding: s.type === "draw" && s.deciding });
      for (let i = 0; i < s.count; i++) hand.push({ arrived: e, code: -1, playedAt: Infinity, locked: false });
      counts[s.seat] = (counts[s.seat] ?? 0) + s.count;
      if (s.type === "pass" || !s.deciding) attack = 0;
    }
  }
  if (counts.some((n, seat) => n !== view.handCounts[seat])) return null;
  const known = discard.length === view.discard.length && view.discard.every((card, i) => codeOf(card) === discard[i]);
  return { events, slots, unmodelled, pileSource: known ? pileSource : null };
}

function endsRound(s: WhisMoveSummary | undefined): boolean {
  return s !== undefined && s.type !== "keep" && s.roundEnd !== null;
}

/** A random slot still held (every held slot arrived before the move being read). */
function randomHeld(hand: readonly Slot[], random: () => number): Slot | undefined {
  const held = hand.filter((x) => x.playedAt === Infinity && !x.locked);
  return held[Math.floor(random() * held.length)];
}

/** Copies per code (a list of 14 counts); -1, a card not known, makes the whole list unknown. */
function countCodes(codes: readonly Code[]): number[] | null {
  const out = new Array<number>(14).fill(0);
  for (const code of codes) {
    if (code < 0) return null;
    out[code] = (out[code] ?? 0) + 1;
  }
  return out;
}

/**
 * The element asked when the round began: the first card turned up, still the bottom of the discard
 * unless it was reshuffled; else what the first move says (a draw tells the element asked, a card
 * other than Light or Darkness is of that element); else unknown (-1).
 */
function initialAsked(view: WhisView, round: readonly WhisMoveSummary[]): number {
  const reshuffled = round.some((s) => s.type !== "keep" && s.type !== "play" && s.reshuffled);
  const first = view.discard[0];
  if (!reshuffled && first !== undefined && "element" in first) return elementCode(first.element);
  const s = round[0];
  if (s?.type === "draw") return elementCode(s.asked);
  return s?.type === "play" && "element" in s.card ? elementCode(s.card.element) : -1;
}
