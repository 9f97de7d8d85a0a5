import { CARD_KINDS, ELEMENTS, type Card, type WhisView } from "../../../../shared/games/whis";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

export function isCard(value: unknown): value is Card {
  if (!isRecord(value) || !CARD_KINDS.some((k) => k === value["kind"])) return false;
  const wild = value["kind"] === "light" || value["kind"] === "darkness";
  return wild ? !("element" in value) : ELEMENTS.some((e) => e === value["element"]);
}

/**
 * The room hands views over as `unknown`; this checks the fields the board reads before trusting
 * the rest of the shape (the server is ours: a light check, to fail loudly rather than crash).
 */
export function asWhisView(view: unknown): WhisView | null {
  if (!isRecord(view)) return null;
  const { hand, handCounts, scores, top, asked, turn, direction, results, pileCount } = view;
  if (hand !== null && !(Array.isArray(hand) && hand.every(isCard))) return null;
  if (!Array.isArray(handCounts) || !Array.isArray(scores) || !Array.isArray(results)) return null;
  if (!isCard(top) || !ELEMENTS.some((e) => e === asked)) return null;
  if (typeof turn !== "number" || (direction !== 1 && direction !== -1) || typeof pileCount !== "number") return null;
  return view as unknown as WhisView;
}
