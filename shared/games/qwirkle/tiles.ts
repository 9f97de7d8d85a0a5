import { COLORS, SHAPES, type Color, type Mode, type Shape, type Tile } from "./types";

/** Tiles a hand is filled back up to after every placement. */
export const HAND_SIZE = 6;

/** Copies of each (shape, colour) pair per mode: 3 in normal play (108 tiles), 1 in quick play (36). */
export const COPIES_PER_TILE: Readonly<Record<Mode, number>> = { normal: 3, quick: 1 };

/** A tile's seed notation without its cell, e.g. `C1` for the red square. Also used as a map key. */
export function tileKey(tile: Tile): string {
  return `${tile.shape}${tile.color}`;
}

/** Whether two tiles have the same shape and colour (the cell, if any, is ignored). */
export function sameTile(a: Tile, b: Tile): boolean {
  return a.shape === b.shape && a.color === b.color;
}

/**
 * One frozen object per kind of tile, shared by every game of the process. A state's bag, hands and
 * exchanges hold these rather than a copy per tile: a room in play kept 108 tile objects of its own
 * (about 1 KB per player of the server's live heap, and an exchange's new ones promoted with the
 * room's next state; docs/perf.md). Nothing may tell two copies of a tile apart by identity: a hand
 * can hold the same object twice.
 */
const TILES: readonly Tile[] = SHAPES.flatMap((shape) => COLORS.map((color) => Object.freeze({ shape, color })));

/** The shared tile of that shape and colour (a fresh object for a pair no game has, which the move schema refuses). */
export function tileOf(shape: Shape, color: Color): Tile {
  const tile = TILES[SHAPES.indexOf(shape) * COLORS.length + color];
  return tile !== undefined && tile.shape === shape && tile.color === color ? tile : { shape, color };
}

/** Every tile of a mode, in a fixed order (shape-major); shuffle it with the game's Rng. */
export function fullTileSet(mode: Mode): Tile[] {
  return Array.from({ length: COPIES_PER_TILE[mode] }, () => TILES).flat();
}

/** Strips any extra fields (such as a cell): the shared `{ shape, color }` of that tile (tileOf). */
export function toTile(tile: Tile): Tile {
  return tileOf(tile.shape, tile.color);
}

/**
 * `hand` minus `taken`, counting multiplicity (taking two red squares needs two in hand).
 * Returns null when some taken tile is missing. The first matching copy is removed, so the
 * order of the remaining tiles is kept.
 */
export function removeTiles(hand: readonly Tile[], taken: readonly Tile[]): Tile[] | null {
  const rest = hand.slice();
  for (const tile of taken) {
    const i = rest.findIndex((t) => sameTile(t, tile));
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** The distinct tiles of a hand, in first-seen order (a move never plays two identical tiles). */
export function distinctTiles(hand: readonly Tile[]): Tile[] {
  const seen = new Set<string>();
  const out: Tile[] = [];
  for (const tile of hand) {
    const key = tileKey(tile);
    if (!seen.has(key)) {
      seen.add(key);
      out.push(toTile(tile));
    }
  }
  return out;
}
