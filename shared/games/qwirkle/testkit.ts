// Helpers shared by this folder's tests: positions written in the seed notation, and hand-built states.
// Pure and tiny, so it compiles with the engine; nothing outside the tests imports it.
import { parseMove } from "./notation";
import { SHAPES, COLORS, type Placement, type QwirkleOptions, type QwirkleState, type Shape, type Color, type Tile } from "./types";

/** Placements from the seed notation (`ebC1 ecC2`); throws on a typo so a broken fixture fails loudly. */
export function cells(text: string): Placement[] {
  const parsed = parseMove(text);
  if (!parsed.ok) throw new Error(`bad fixture "${text}" at ${parsed.at}`);
  return parsed.placements;
}

/** Tiles from keys (`C1 R2`). */
export function tiles(text: string): Tile[] {
  return text
    .split(/\s+/u)
    .filter((t) => t !== "")
    .map((key) => {
      const shape = SHAPES.find((s): s is Shape => s === key[0]);
      const color = COLORS.find((c): c is Color => String(c) === key[1]);
      if (shape === undefined || color === undefined || key.length !== 2) throw new Error(`bad tile "${key}"`);
      return { shape, color };
    });
}

/** A placement's stable text, to compare moves as sets of placements. */
export function moveKey(placements: readonly Placement[]): string {
  return placements
    .map((p) => `${p.row},${p.col},${p.shape}${p.color}`)
    .sort()
    .join(" ");
}

/** A hand-built state: defaults to the bounded board in normal mode, seat 0 to play, scores 0. */
export function makeState(parts: {
  board?: string;
  hands: string[];
  bag?: string;
  scores?: number[];
  turn?: number;
  options?: Partial<QwirkleOptions>;
}): QwirkleState {
  return {
    options: { mode: "normal", board: "12x26", ...parts.options },
    board: parts.board === undefined ? [] : cells(parts.board),
    hands: parts.hands.map(tiles),
    bag: parts.bag === undefined ? [] : tiles(parts.bag),
    rng: [1, 2, 3, 4],
    scores: parts.scores ?? parts.hands.map(() => 0),
    turn: parts.turn ?? 0,
    moveCount: 0,
    lastMove: null,
    finished: false,
    endReason: null,
  };
}
