// Helpers shared by this folder's tests: cards written as `kind:element` (`simple:water`, `light`)
// and hand-built states. Pure and tiny, so it compiles with the engine; only tests import it.
import { Rng, seedRng } from "../../engine/rng";
import { DEFAULT_DECK } from "./cards";
import { ELEMENTAL_KINDS, ELEMENTS, WILD_KINDS, type Card, type Direction, type Element, type Phase, type WhisState } from "./types";

/** One card from its key; throws on a typo so a broken fixture fails loudly. */
export function card(key: string): Card {
  const [kind, element] = key.split(":");
  const wild = WILD_KINDS.find((k) => k === kind);
  if (wild !== undefined && element === undefined) return { kind: wild };
  const elemental = ELEMENTAL_KINDS.find((k) => k === kind);
  const el = ELEMENTS.find((e) => e === element);
  if (elemental === undefined || el === undefined) throw new Error(`bad card "${key}"`);
  return { kind: elemental, element: el };
}

/** Cards from space-separated keys; `simple:water*3` repeats a card. */
export function cards(text: string): Card[] {
  return text
    .split(/\s+/u)
    .filter((t) => t !== "")
    .flatMap((token) => {
      const [key, times] = token.split("*");
      return Array.from({ length: times === undefined ? 1 : Number(times) }, () => card(key ?? ""));
    });
}

/** A hand-built state: 4 seats by default, seat 0 to play, water asked, a simple water card in play. */
export function makeState(parts: {
  hands: string[];
  pile?: string;
  discard?: string;
  asked?: Element;
  attack?: number;
  turn?: number;
  direction?: Direction;
  phase?: Phase;
  drawn?: string;
  again?: boolean;
  scores?: number[];
  round?: number;
  rounds?: number;
}): WhisState {
  return {
    options: { deck: { ...DEFAULT_DECK }, rounds: parts.rounds ?? 5 },
    round: parts.round ?? 1,
    starter: 0,
    hands: parts.hands.map(cards),
    pile: cards(parts.pile ?? "simple:fire*5"),
    discard: cards(parts.discard ?? "simple:water"),
    asked: parts.asked ?? "water",
    attack: parts.attack ?? 0,
    direction: parts.direction ?? 1,
    turn: parts.turn ?? 0,
    phase: parts.phase ?? "play",
    drawn: parts.drawn === undefined ? null : card(parts.drawn),
    again: parts.again ?? false,
    scores: parts.scores ?? parts.hands.map(() => 0),
    results: [],
    rng: seedRng("testkit"),
    moveCount: 0,
    lastMove: null,
    finished: false,
  };
}

/** A seeded random source for bots in tests. */
export function randomSource(seed: string): () => number {
  const rng = new Rng(seedRng(seed));
  return () => rng.next();
}
