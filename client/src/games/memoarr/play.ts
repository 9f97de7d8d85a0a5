// What the player to move may do now, read from the view only: the kind of pick the turn asks for,
// the cells open to it, and why a cell is refused (the engine's own rule codes, so the feedback is
// the same sentence the server would send, shown before anything is sent).
import { parseCell, type CellName, type MemoarrError, type MemoarrMove, type MemoarrView } from "../../../../shared/games/memoarr";

/** The kind of cell pick the turn asks for: a reveal (a crab's extra card too) or a power's follow-up. */
export const ACTIONS = ["reveal", "swap", "hide", "forbid"] as const;
export type Action = (typeof ACTIONS)[number];

/** The pick the player to move owes now. */
export function actionOf(view: MemoarrView): Action {
  switch (view.pending?.kind) {
    case "octopus":
      return "swap";
    case "penguin":
      return "hide";
    case "walrus":
      return "forbid";
    default:
      return "reveal";
  }
}

/** Face-down cells; the walrus's ban holds only while another face-down card is left. */
export function revealCells(view: MemoarrView): CellName[] {
  const down = view.grid.filter((c) => c.state === "down").map((c) => c.cell);
  return down.filter((cell) => !(cell === view.forbidden && down.length > 1));
}

/** The cells open to the pick the turn asks for, in grid order. */
export function choicesOf(view: MemoarrView): CellName[] {
  if (view.pending !== null && view.pending.kind !== "crab") return view.pending.choices.slice();
  return revealCells(view);
}

/** Reads a typed position (`b4`, ` B4 `); null when it is not one of A1–E5. */
export function readCell(text: string): CellName | null {
  const cell = text.trim().toUpperCase();
  return parseCell(cell) === null ? null : cell;
}

/** Why `cell` cannot be picked for `action` now, as the engine's rule code; null when it can. */
export function refusal(view: MemoarrView, action: Action, cell: CellName): MemoarrError | null {
  const here = view.grid.find((c) => c.cell === cell);
  if (here === undefined || here.state === "empty") return "BAD_CELL";
  if (choicesOf(view).includes(cell)) return null;
  switch (action) {
    case "reveal":
      return here.state === "up" ? "CARD_FACE_UP" : "CARD_FORBIDDEN";
    case "swap":
      return "NOT_ADJACENT";
    case "hide":
      return cell === view.pending?.cell ? "CANNOT_HIDE_ITSELF" : "NOT_FACE_UP";
    case "forbid":
      return "NOT_FACE_DOWN";
  }
}

export function moveFor(action: Action, cell: CellName): MemoarrMove {
  return { type: action, cell };
}
