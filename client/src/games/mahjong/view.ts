import { FAMILIES, LEVELS, type Family, type MahjongMove, type MahjongMoveSummary, type MahjongView, type ViewTile } from "../../../../shared/games/mahjong";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function isFamily(value: unknown): value is Family {
  return FAMILIES.some((f) => f === value);
}

function isTile(value: unknown): value is ViewTile {
  if (!isRecord(value)) return false;
  const { id, x, y, z, family, free, selected } = value;
  return (
    [id, x, y, z].every((n) => typeof n === "number" && Number.isInteger(n)) &&
    (family === null || isFamily(family)) &&
    typeof free === "boolean" &&
    typeof selected === "boolean"
  );
}

const numbers = (value: unknown): boolean => Array.isArray(value) && value.every((n) => typeof n === "number");

/**
 * The room hands views over as `unknown`; this checks the fields the board reads before trusting
 * the rest of the shape (the server is ours, so a light check suffices to fail loudly, not crash).
 */
export function asMahjongView(view: unknown): MahjongView | null {
  if (!isRecord(view)) return null;
  const { options, size, tiles, scores, shufflesLeft, turn, turnNumber, nextPairPoints } = view;
  if (!isRecord(options) || !LEVELS.some((l) => l === options["level"])) return null;
  if (!isRecord(size) || !numbers([size["width"], size["height"], size["layers"]])) return null;
  if (!Array.isArray(tiles) || !tiles.every(isTile)) return null;
  if (!numbers(scores) || !numbers(shufflesLeft)) return null;
  if (typeof turn !== "number" || typeof turnNumber !== "number" || typeof nextPairPoints !== "number") return null;
  return view as unknown as MahjongView;
}

/** A log record or `lastMove`, read defensively (the log is typed for every game). */
export function asMahjongSummary(summary: unknown): MahjongMoveSummary | null {
  if (!isRecord(summary) || typeof summary["seat"] !== "number") return null;
  const type = summary["type"];
  if (type === "select") {
    const { tile, family, result, points } = summary;
    if (typeof tile !== "number" || !(family === null || isFamily(family)) || typeof points !== "number") return null;
    if (result !== "first" && result !== "pair" && result !== "deselect") return null;
  } else if (type !== "shuffle" && type !== "endTurn" && type !== "timeout") {
    return null;
  }
  return summary as unknown as MahjongMoveSummary;
}
