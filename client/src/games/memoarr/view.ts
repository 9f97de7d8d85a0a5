import { ANIMALS, BACKGROUNDS, PHASES, type Card, type MemoarrView } from "../../../../shared/games/memoarr";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function isCard(value: unknown): value is Card {
  return isRecord(value) && ANIMALS.some((a) => a === value["animal"]) && BACKGROUNDS.some((b) => b === value["background"]);
}

/**
 * The room hands views over as `unknown`; this checks the fields the board reads before trusting
 * the rest of the shape (the server is ours: a light check, to fail loudly rather than crash).
 */
export function asMemoarrView(view: unknown): MemoarrView | null {
  if (!isRecord(view)) return null;
  const { grid, revealed, active, round, phase, sides } = view;
  if (!Array.isArray(grid) || grid.length !== 25) return null;
  if (!grid.every((c) => isRecord(c) && typeof c["cell"] === "string" && (c["card"] === null || isCard(c["card"])))) return null;
  if (!Array.isArray(revealed) || !Array.isArray(active) || !Array.isArray(sides)) return null;
  if (typeof round !== "number" || !PHASES.some((p) => p === phase)) return null;
  return view as unknown as MemoarrView;
}
