// What a computer player knows about the grid, rebuilt on every decision from its seat's view, the
// public move log and its memory (bots are stateless): face-up cards, its own peek (handed over as
// `BotInput.memory`), and the reveals, swaps and penguin hides it has "seen" in the log, positions
// followed through octopus swaps.
import type { BotInput, PublicMoveSummary } from "../../../engine/types";
import { fullDeck, matches, sameCard } from "../cards";
import { parseCell } from "../cells";
import { ANIMALS, BACKGROUNDS, type Card, type MemoarrBotMemory, type MemoarrMoveSummary, type MemoarrView, type PlacedCard } from "../types";

/** How much a bot remembers: nothing, this round, or the whole game. */
export type Memory = "none" | "round" | "game";

export interface Knowledge {
  readonly view: MemoarrView;
  readonly faceDown: readonly number[]; // cells holding a face-down card
  readonly known: ReadonlyMap<number, Card>; // face-down cells whose card this bot remembers
  readonly publicKnown: ReadonlyMap<number, Card>; // face-down cells anyone with a perfect memory knows
  readonly pool: readonly Card[]; // cards whose place this bot does not know (the unused card among them)
}

const SUMMARY_TYPES = new Set(["ready", "peekEnd", "reveal", "swap", "hide", "skip", "forbid"]);

/** The log entries of this game, typed. Anything unexpected is skipped rather than trusted. */
function summaries(history: readonly PublicMoveSummary[]): MemoarrMoveSummary[] {
  return history.filter((s) => SUMMARY_TYPES.has(s.type)) as unknown as MemoarrMoveSummary[];
}

function isCard(value: unknown): value is Card {
  if (typeof value !== "object" || value === null) return false;
  const { animal, background } = value as Record<string, unknown>;
  return ANIMALS.some((a) => a === animal) && BACKGROUNDS.some((b) => b === background);
}

/**
 * This seat's own peek of the round (or, with `earlierPeeks`, those of the rounds before), from
 * `BotInput.memory` (the game's `botMemory`): the view stops naming those cards once the peek window
 * closes. Anything malformed is ignored, not trusted.
 */
function peekMemory(memory: unknown, part: keyof MemoarrBotMemory = "peek"): PlacedCard[] {
  if (typeof memory !== "object" || memory === null) return [];
  const peek = (memory as Partial<Record<keyof MemoarrBotMemory, unknown>>)[part];
  if (!Array.isArray(peek)) return [];
  return peek.flatMap((p: unknown): PlacedCard[] => {
    if (typeof p !== "object" || p === null) return [];
    const { cell, card } = p as Record<string, unknown>;
    return typeof cell === "string" && isCard(card) ? [{ cell, card }] : [];
  });
}

/** Replays the log into "which card lies where", following swaps; later entries win. */
function remembered(history: readonly MemoarrMoveSummary[]): Map<number, Card> {
  const mem = new Map<number, Card>();
  for (const s of history) {
    if (s.type === "reveal" || s.type === "hide") {
      const cell = parseCell(s.cell);
      if (cell !== null) mem.set(cell, s.card);
    } else if (s.type === "swap") {
      const from = parseCell(s.from);
      const to = parseCell(s.to);
      if (from === null || to === null) continue;
      const a = mem.get(from);
      const b = mem.get(to);
      mem.delete(from);
      mem.delete(to);
      if (a !== undefined) mem.set(to, a);
      if (b !== undefined) mem.set(from, b);
    }
  }
  return mem;
}

/** Keeps only face-down cells, and drops memories contradicted by what is face up now. */
function onFaceDown(mem: ReadonlyMap<number, Card>, faceDown: readonly number[], up: readonly Card[]): Map<number, Card> {
  const out = new Map<number, Card>();
  for (const cell of faceDown) {
    const card = mem.get(cell);
    if (card !== undefined && !up.some((u) => sameCard(u, card))) out.set(cell, card);
  }
  return out;
}

export function knowledgeOf(input: BotInput<MemoarrView>, memory: Memory): Knowledge {
  const view = input.view;
  const faceDown: number[] = [];
  const up: Card[] = [];
  view.grid.forEach((c, i) => {
    if (c.state === "down") faceDown.push(i);
    if (c.state === "up" && c.card !== null) up.push(c.card);
  });
  const all = summaries(input.history);
  const log = memory === "game" ? all : memory === "round" ? all.filter((s) => s.round === view.round) : [];
  const publicMem = remembered(log);
  const mem = new Map(publicMem);
  if (memory !== "none") {
    // A memory of the whole game keeps the rounds' earlier peeks too (issue 6: `hard`).
    const peeks = memory === "game" ? [...peekMemory(input.memory, "earlierPeeks"), ...peekMemory(input.memory)] : peekMemory(input.memory);
    for (const p of peeks) {
      const cell = parseCell(p.cell);
      if (cell !== null) mem.set(cell, p.card);
    }
  }
  const known = onFaceDown(mem, faceDown, up);
  const publicKnown = onFaceDown(publicMem, faceDown, up);
  const placed = [...up, ...known.values()];
  const pool = fullDeck().filter((card) => !placed.some((p) => sameCard(p, card)));
  return { view, faceDown, known, publicKnown, pool };
}

/** The chance that the card at `cell` matches `previous`, from this bot's knowledge. */
export function matchChance(k: Knowledge, cell: number, previous: Card | null): number {
  if (previous === null) return 1;
  const card = k.known.get(cell);
  if (card !== undefined) return matches(card, previous) ? 1 : 0;
  return poolRate(k.pool, previous);
}

/** The share of `pool` matching `previous`. */
export function poolRate(pool: readonly Card[], previous: Card): number {
  return pool.length === 0 ? 0 : pool.filter((c) => matches(c, previous)).length / pool.length;
}
