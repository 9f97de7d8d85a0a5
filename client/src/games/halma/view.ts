import type { Cell, HalmaMoveSummary, HalmaView } from "../../../../shared/games/halma";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function isCell(value: unknown): value is Cell {
  return isRecord(value) && Number.isInteger(value["row"]) && Number.isInteger(value["col"]);
}

const isCells = (value: unknown): value is Cell[] => Array.isArray(value) && value.every(isCell);

/**
 * The room hands views over as `unknown`; this checks the fields the board reads before trusting
 * the rest of the shape (the server is ours: a light check to fail loudly rather than crash).
 */
export function asHalmaView(view: unknown): HalmaView | null {
  if (!isRecord(view)) return null;
  const { pieces, camps, homeCounts, players, turn, round, moveCount } = view;
  if (players !== 2 && players !== 4) return null;
  if (!Array.isArray(pieces) || !pieces.every(isCells)) return null;
  if (!Array.isArray(camps) || !camps.every(isCells)) return null;
  if (!Array.isArray(homeCounts)) return null;
  if (typeof turn !== "number" || typeof round !== "number" || typeof moveCount !== "number") return null;
  return view as unknown as HalmaView;
}

/** A move log record, when it is a Halma move (the log and summaries arrive as plain JSON). */
export function asMoveSummary(summary: unknown): HalmaMoveSummary | null {
  if (!isRecord(summary) || summary["type"] !== "move") return null;
  if (typeof summary["seat"] !== "number" || !isCells(summary["path"]) || summary["path"].length < 2) return null;
  return summary as unknown as HalmaMoveSummary;
}

