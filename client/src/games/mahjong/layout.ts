import type { Family, Place } from "../../../../shared/games/mahjong";

/** A tile picture is 100 × 130 (face 92 × 122 plus the block's side): height over width. */
export const TILE_RATIO = 1.3;
/** How far one layer sits up and to the left of the one under it, as a share of the tile width. */
export const LAYER_SHIFT = 0.1;
/** No tile wider than this on a large screen (px): the board stays a board, not a poster. */
export const MAX_TILE_PX = 76;
/** Narrower than this the pictures stop reading; the board then scrolls sideways instead. */
export const MIN_TILE_PX = 34;

/** The size of a layout in half-tile units, as the engine's view gives it. */
export interface LayoutSize {
  readonly width: number;
  readonly height: number;
  readonly layers: number;
}

/** Pixel geometry of one board drawing. */
export interface BoardGeometry {
  readonly tileWidth: number; // px, the whole tile picture (face and side)
  readonly tileHeight: number;
  readonly shift: number; // px per layer, up and left
  readonly width: number; // px of the whole drawing
  readonly height: number;
  readonly layers: number;
}

export interface TileRect {
  readonly left: number;
  readonly top: number;
  readonly width: number;
  readonly height: number;
}

/**
 * Fits a layout to `availablePx` of width and, when given, `availableHeightPx` of height: tiles as
 * wide as possible up to MAX_TILE_PX, so a phone shows the whole board on its first screen without
 * scrolling. A tile spans 2 half-units.
 */
export function fitBoard(size: LayoutSize, availablePx: number, maxTilePx = MAX_TILE_PX, availableHeightPx = Number.POSITIVE_INFINITY): BoardGeometry {
  const raised = LAYER_SHIFT * Math.max(0, size.layers - 1);
  const across = size.width / 2 + raised;
  const down = (size.height / 2) * TILE_RATIO + raised; // in tile widths
  const raw = Math.floor(Math.min(Math.max(0, availablePx) / Math.max(1, across), Math.max(0, availableHeightPx) / Math.max(1, down)));
  const tileWidth = Math.max(MIN_TILE_PX, Math.min(maxTilePx, raw));
  const tileHeight = Math.round(tileWidth * TILE_RATIO);
  const shift = tileWidth * LAYER_SHIFT;
  const pad = shift * Math.max(0, size.layers - 1);
  return {
    tileWidth,
    tileHeight,
    shift,
    width: Math.ceil(pad + (size.width / 2) * tileWidth),
    height: Math.ceil(pad + (size.height / 2) * tileHeight),
    layers: size.layers,
  };
}

/** Where a tile at `place` is drawn: its half-units scaled, each layer raised up and to the left. */
export function tileRect(place: Place, geometry: BoardGeometry): TileRect {
  const pad = geometry.shift * Math.max(0, geometry.layers - 1);
  return {
    left: pad + (place.x / 2) * geometry.tileWidth - place.z * geometry.shift,
    top: pad + (place.y / 2) * geometry.tileHeight - place.z * geometry.shift,
    width: geometry.tileWidth,
    height: geometry.tileHeight,
  };
}

/** Painting order: lower layers first, then rows top to bottom, then left to right. */
export function paintOrder<T extends Place>(tiles: readonly T[]): T[] {
  return [...tiles].sort((a, b) => a.z - b.z || a.y - b.y || a.x - b.x);
}

/** A tile as the board drawing shows it (the engine's ViewTile, or a tutorial tile). */
export interface FieldTile extends Place {
  readonly id: number;
  readonly family: Family | null; // null = face down
  readonly free: boolean;
  readonly selected: boolean;
}

/** A removed pair on its way out: drawn where its tiles were, fading upwards. */
export interface Ghost {
  readonly key: string;
  readonly tiles: readonly (Place & { readonly family: Family | null })[];
  readonly points: number; // shown above the pair; 0 for none
}
