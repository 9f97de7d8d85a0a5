import { COLORS, SHAPES, type Placement, type QwirkleView, type Tile } from "../../../../shared/games/qwirkle";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function isTile(value: unknown): value is Tile {
  return (
    isRecord(value) &&
    SHAPES.some((s) => s === value["shape"]) &&
    COLORS.some((c) => c === value["color"])
  );
}

function isPlacement(value: unknown): value is Placement {
  return isTile(value) && isRecord(value) && Number.isInteger(value["row"]) && Number.isInteger(value["col"]);
}

/**
 * The room hands views over as `unknown`; this checks the fields the board reads before trusting
 * the rest of the shape (the server is ours, so a light check suffices to fail loudly, not crash).
 */
export function asQwirkleView(view: unknown): QwirkleView | null {
  if (!isRecord(view)) return null;
  const { board, hand, handCounts, scores, bagCount, turn } = view;
  if (!Array.isArray(board) || !board.every(isPlacement)) return null;
  if (hand !== null && !(Array.isArray(hand) && hand.every(isTile))) return null;
  if (!Array.isArray(handCounts) || !Array.isArray(scores)) return null;
  if (typeof bagCount !== "number" || typeof turn !== "number") return null;
  return view as unknown as QwirkleView;
}
