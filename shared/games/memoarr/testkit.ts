// Helpers shared by this folder's tests: hand-built grids in the seed's card keys, and move helpers.
// Pure and tiny, so it compiles with the engine; nothing outside the tests imports it.
import { ANIMALS, BACKGROUNDS, type Animal, type Background, type Card, type MemoarrMove, type MemoarrOptions, type MemoarrState } from "./types";
import { CELL_COUNT, CENTER } from "./cells";
import { applyMove } from "./apply";
import { peekedCards } from "./round";

/** A card from its key (`Wy`); throws on a typo so a broken fixture fails loudly. */
export function card(key: string): Card {
  const animal = ANIMALS.find((a): a is Animal => a === key[0]);
  const background = BACKGROUNDS.find((b): b is Background => b === key[1]);
  if (animal === undefined || background === undefined || key.length !== 2) throw new Error(`bad card "${key}"`);
  return { animal, background };
}

/**
 * The default layout, row by row (`--` = the centre): each row one animal, each column one
 * background, so A1–A5 are crabs and column 1 is red. The purple octopus is the unused card.
 */
export const LAYOUT = `
  Cr Cg Cp Cb Cy
  Pr Pg Pp Pb Py
  Or Og -- Ob Oy
  Tr Tg Tp Tb Ty
  Wr Wg Wp Wb Wy`;

/** A grid from 25 keys, row by row, `--` for the centre. */
export function gridOf(layout: string): (Card | null)[] {
  const keys = layout.split(/\s+/u).filter((k) => k !== "");
  if (keys.length !== CELL_COUNT || keys[CENTER] !== "--") throw new Error("a layout has 25 keys with -- in the centre");
  return keys.map((k) => (k === "--" ? null : card(k)));
}

/** A hand-built state in the play phase of `round` (default 1), seat `turn` (default 0) to reveal. */
export function makeState(parts: {
  seats?: number;
  layout?: string;
  unused?: string;
  options?: Partial<MemoarrOptions>;
  round?: number;
  turn?: number;
  rewards?: number[];
}): MemoarrState {
  const seats = parts.seats ?? 2;
  const grid = gridOf(parts.layout ?? LAYOUT);
  const turn = parts.turn ?? 0;
  const round = parts.round ?? 1;
  return {
    options: { expertRules: false, expertDisplay: false, peekSeconds: 5, ...parts.options },
    seatCount: seats,
    grid,
    faceUp: grid.map(() => false),
    unused: card(parts.unused ?? "Op"),
    rewards: parts.rewards ?? [1, 1, 1, 2, 2, 3, 4].slice(0, 8 - round),
    won: Array.from({ length: seats }, () => []),
    roundWinners: [],
    round,
    phase: "play",
    ready: Array.from({ length: seats }, () => true),
    peeked: peekedCards(grid, seats),
    active: Array.from({ length: seats }, () => true),
    turn,
    revealOrder: [],
    lastCard: null,
    pending: null,
    forbidden: null,
    firstEliminated: null,
    starter: turn,
    rng: [1, 2, 3, 4],
    moveCount: 0,
  };
}

/** Plays moves given as `seat:move` pairs and throws on the first refusal, naming it. */
export function playAll(state: MemoarrState, moves: readonly [number, MemoarrMove][]): MemoarrState {
  let s = state;
  for (const [seat, move] of moves) {
    const result = applyMove(s, seat, move);
    if (!result.ok) throw new Error(`${JSON.stringify(move)} by ${seat} refused: ${result.error}`);
    s = result.state;
  }
  return s;
}

/** A reveal move from a cell name: `r("B4")`. */
export function r(cell: string): MemoarrMove {
  return { type: "reveal", cell };
}
