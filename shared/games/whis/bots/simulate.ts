// A lean model of one WHIS round for the hard bot's look-ahead: cards as small codes, hands as code
// lists, every seat following the medium bot's policy (the searching seat may follow its own). It
// mirrors the rules of apply.ts (attack chains, neutralised attacks, the drawn-card decision, Double,
// Change, the 15-card limit, the discard reshuffle) but knows nothing of views or summaries, so
// thousands of moves cost little.
import type { Rng } from "../../../engine/rng";
import type { Seat } from "../../../engine/types";
import { ATTACK_DRAW, CARD_VALUES, HAND_LIMIT } from "../cards";
import { roundScores } from "../scoring";
import { CLOSE_TO_OUT } from "./medium";
import { ELEMENTAL_KINDS, ELEMENTS, WILD_KINDS, type Card, type CardKind, type Direction, type Element } from "../types";

/** Card codes: element index × 4 + kind index for elemental cards (0..11), then 12 Light, 13 Darkness. */
export type Code = number;
export const LIGHT = 12;
export const ATTACK = 1;
export const SPECIAL = 2;
export const TRANSITION = 3;
export const WATER = 0;
const FIRE = 1;
const WIND = 2;
export const TARGET = [WIND, WATER, FIRE]; // Volt, Ice, Earth
export const PRISM = WATER * 4 + SPECIAL;
export const VALUE: readonly number[] = Array.from({ length: 14 }, (_, code) => CARD_VALUES[kindOf(code)]);

export function codeOf(card: Card): Code {
  if (!("element" in card)) return LIGHT + WILD_KINDS.indexOf(card.kind);
  return ELEMENTS.indexOf(card.element) * 4 + ELEMENTAL_KINDS.indexOf(card.kind);
}

export function cardOf(code: Code): Card {
  if (code >= LIGHT) return { kind: WILD_KINDS[code - LIGHT] ?? "light" };
  return { kind: ELEMENTAL_KINDS[code % 4] ?? "simple", element: ELEMENTS[Math.floor(code / 4)] ?? "water" };
}

function kindOf(code: Code): CardKind {
  return code >= LIGHT ? (WILD_KINDS[code - LIGHT] ?? "light") : (ELEMENTAL_KINDS[code % 4] ?? "simple");
}

export const elementIndex = (code: Code): number => (code >= LIGHT ? -1 : Math.floor(code / 4));
export const kindIndex = (code: Code): number => (code >= LIGHT ? -1 : code % 4);

/** A round in progress, mutable; `asked` is an element index. */
export interface Sim {
  hands: Code[][];
  pile: Code[];
  discard: Code[];
  asked: number;
  attack: number;
  direction: Direction;
  turn: Seat;
}

/** A first move to try: play a card (with the element asked, for choosing cards), draw, or keep a drawn card. */
export type FirstMove =
  | { readonly type: "play"; readonly code: Code; readonly ask: number }
  | { readonly type: "draw" }
  | { readonly type: "pass" }
  | { readonly type: "keep" };

export const elementCode = (element: Element): number => ELEMENTS.indexOf(element);

export function playable(code: Code, asked: number, attack: number): boolean {
  if (attack > 0) return kindIndex(code) === ATTACK;
  return code >= LIGHT || elementIndex(code) === asked;
}

/** Cards of each element in `hand` (Light and Darkness count for none), written into `out`. */
export function countElements(hand: readonly Code[], out: number[]): number[] {
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  for (const c of hand) if (c < LIGHT) out[Math.floor(c / 4)] = (out[Math.floor(c / 4)] ?? 0) + 1;
  return out;
}

/**
 * The element a hand holds most of once `code` is played (ties: water, fire, wind), as medium asks,
 * from the hand's element counts (`code` -1: nothing played).
 */
export function favouriteWithout(elements: readonly number[], code: Code): number {
  const el = elementIndex(code);
  let best = 0;
  let bestCount = (elements[0] ?? 0) - (el === 0 ? 1 : 0);
  for (let e = 1; e < 3; e++) {
    const count = (elements[e] ?? 0) - (e === el ? 1 : 0);
    if (count > bestCount) [best, bestCount] = [e, count];
  }
  return best;
}

function removeOne(hand: Code[], code: Code): void {
  const i = hand.indexOf(code);
  if (i >= 0) hand.splice(i, 1);
}

// Element counts of the hand being decided on: the rollout policies run millions of times per
// decision, so they reuse one array rather than copy hands.
const elements = [0, 0, 0];

/** Whether an opponent of `seat` is close to going out (medium then dumps its most valuable card). */
function opponentClose(sim: Sim, seat: Seat): boolean {
  for (let s = 0; s < sim.hands.length; s++) if (s !== seat && (sim.hands[s] as Code[]).length <= CLOSE_TO_OUT) return true;
  return false;
}

/**
 * medium.ts's score of a playable card (higher is played first; ties go to the card held first),
 * from the element counts of the hand holding it.
 */
export function mediumScore(code: Code, attack: number, close: boolean, elements: readonly number[]): number {
  const el = elementIndex(code);
  if (attack > 0) return (elements[el] ?? 0) - 1;
  if (close) return VALUE[code] ?? 0;
  if (code >= LIGHT) return -1000;
  const kind = kindIndex(code);
  if (kind === ATTACK) return -2000;
  const lead = kind === TRANSITION ? (TARGET[el] ?? 0) : code === PRISM ? favouriteWithout(elements, code) : el;
  return 10 * ((elements[lead] ?? 0) - (lead === el ? 1 : 0)) + (VALUE[code] ?? 0);
}

/** The medium bot's choice for `seat` among its playable cards (null: draw), with the element it would ask. */
export function mediumChoice(sim: Sim, seat: Seat): { code: Code; ask: number } | null {
  const hand = sim.hands[seat] as Code[];
  countElements(hand, elements);
  const close = opponentClose(sim, seat);
  let bestCode = -1;
  let bestScore = -Infinity;
  for (const code of hand) {
    if (!playable(code, sim.asked, sim.attack)) continue;
    const score = mediumScore(code, sim.attack, close, elements);
    if (score > bestScore) [bestCode, bestScore] = [code, score];
  }
  return bestCode < 0 ? null : { code: bestCode, ask: favouriteWithout(elements, bestCode) };
}

/** Whether `seat` holds a card it may play with `asked` and `attack`. */
function canAnswer(sim: Sim, seat: Seat, asked: number, attack: number): boolean {
  for (const c of sim.hands[seat] as Code[]) if (playable(c, asked, attack)) return true;
  return false;
}

/** Bonus for a play that leaves the next seat nothing to play (it must draw), in medium-score units. */
const BLOCK_BONUS = 15;

/**
 * A sharper policy for the searching seat's own later moves in a rollout: medium's order of cards,
 * but among ordinary cards (and among the elements a choosing card may ask) it prefers one that leaves
 * the next seat, in this world, nothing to play.
 */
export function blockingChoice(sim: Sim, seat: Seat): { code: Code; ask: number } | null {
  const hand = sim.hands[seat] as Code[];
  // Under attack, or with an opponent close to going out, medium's answer and dump orders stand.
  if (sim.attack > 0 || opponentClose(sim, seat)) return mediumChoice(sim, seat);
  countElements(hand, elements);
  let best: { code: Code; ask: number } | null = null;
  let bestScore = -Infinity;
  for (const code of hand) {
    if (!playable(code, sim.asked, 0)) continue;
    const kind = kindIndex(code);
    const element = elementIndex(code);
    const fav = favouriteWithout(elements, code);
    const chooses = code >= LIGHT || code === PRISM;
    const base = code >= LIGHT ? -1000 : kind === ATTACK ? -2000 : 0;
    const attack = kind === ATTACK ? ATTACK_DRAW : 0;
    let after = sim.direction as number;
    if (kind === SPECIAL && element === WIND) after = -after;
    const nextSeat = kind === SPECIAL && element === FIRE ? seat : (seat + after + sim.hands.length) % sim.hands.length;
    for (let ask = 0; ask < 3; ask++) {
      if (!chooses && ask > 0) break;
      const asked = chooses ? ask : kind === TRANSITION ? (TARGET[element] ?? 0) : element;
      const rest = (elements[asked] ?? 0) - (asked === element ? 1 : 0);
      let score = base + (code >= LIGHT || kind === ATTACK ? 0 : 10 * rest + (VALUE[code] ?? 0));
      if (chooses) score += ask === fav ? 1 : 0;
      if (nextSeat !== seat && !canAnswer(sim, nextSeat, asked, attack)) score += BLOCK_BONUS;
      if (score > bestScore) [best, bestScore] = [{ code, ask: chooses ? ask : fav }, score];
    }
  }
  return best;
}

/** A seat's choice of card in a rollout (null: draw). */
export type Policy = (sim: Sim, seat: Seat) => { code: Code; ask: number } | null;

/** Draws one card for `seat`: "limit" at 15 cards, "empty" with nothing to draw. */
function drawOne(sim: Sim, seat: Seat, rng: Rng): Code | "limit" | "empty" {
  const hand = sim.hands[seat] as Code[];
  if (hand.length >= HAND_LIMIT) return "limit";
  if (sim.pile.length === 0 && sim.discard.length > 1) {
    const top = sim.discard[sim.discard.length - 1] as Code;
    sim.pile = rng.shuffle(sim.discard.slice(0, -1));
    sim.discard = [top];
  }
  const code = sim.pile.pop();
  if (code === undefined) return "empty";
  hand.push(code);
  return code;
}

const next = (sim: Sim, seat: Seat): Seat => (seat + sim.direction + sim.hands.length) % sim.hands.length;

/** Plays `code` for `seat`; returns the winner when the hand is emptied. */
function play(sim: Sim, seat: Seat, code: Code, ask: number): Seat | null {
  removeOne(sim.hands[seat] as Code[], code);
  sim.discard.push(code);
  if ((sim.hands[seat] as Code[]).length === 0) return seat;
  const kind = kindIndex(code);
  const element = elementIndex(code);
  sim.attack = kind === ATTACK ? sim.attack + ATTACK_DRAW : 0;
  if (code >= LIGHT || (kind === SPECIAL && element === WATER)) sim.asked = ask;
  else if (kind === TRANSITION) sim.asked = TARGET[element] ?? 0;
  else sim.asked = element;
  if (kind === SPECIAL && element === FIRE) return null; // Double: the same seat again
  if (kind === SPECIAL && element === WIND) sim.direction = sim.direction === 1 ? -1 : 1;
  sim.turn = next(sim, seat);
  return null;
}

type End = { readonly winner: Seat } | { readonly loser: Seat };

/** Draws for the seat to move (no playable card, or an attack not answered); the drawn card may be played. */
function drawTurn(sim: Sim, seat: Seat, rng: Rng, keepDrawn: boolean): End | null {
  if (sim.attack > 0) {
    for (let i = 0; i < sim.attack; i++) {
      const got = drawOne(sim, seat, rng);
      if (got === "limit") return { loser: seat };
      if (got === "empty") break;
    }
    sim.attack = 0;
    sim.turn = next(sim, seat);
    return null;
  }
  const got = drawOne(sim, seat, rng);
  if (got === "limit") return { loser: seat };
  if (got !== "empty" && !keepDrawn && playable(got, sim.asked, 0)) {
    const close = opponentClose(sim, seat);
    if (kindIndex(got) !== ATTACK || close) {
      const winner = play(sim, seat, got, favouriteWithout(countElements(sim.hands[seat] as Code[], elements), got));
      return winner === null ? null : { winner };
    }
  }
  sim.turn = next(sim, seat);
  return null;
}

/**
 * Plays `first` for the seat to move, then the rest of the round with every other seat following
 * the medium policy and that seat choosing its cards by `own` (medium's by default); returns each seat's score change (roundScores), or null if `maxMoves` ran out.
 * A "keep" first move is only meaningful while deciding on a drawn card: the turn simply passes; a
 * "pass" draws one card and ends the turn whatever the card.
 */
export function rollout(sim: Sim, first: FirstMove, rng: Rng, maxMoves: number, own: Policy = mediumChoice): number[] | null {
  let end: End | null = null;
  const me = sim.turn;
  if (first.type === "play") {
    const winner = play(sim, me, first.code, first.ask);
    if (winner !== null) end = { winner };
  } else if (first.type === "keep") sim.turn = next(sim, me);
  else end = drawTurn(sim, me, rng, first.type === "pass");
  for (let moves = 0; end === null && moves < maxMoves; moves++) {
    const seat = sim.turn;
    const choice = seat === me ? own(sim, seat) : mediumChoice(sim, seat);
    if (choice === null) end = drawTurn(sim, seat, rng, false);
    else {
      const winner = play(sim, seat, choice.code, choice.ask);
      if (winner !== null) end = { winner };
    }
  }
  if (end === null) return null;
  return roundScores({ hands: sim.hands.map((h) => h.map((c) => ({ kind: kindOf(c) }))), ...end });
}

