import type { Seat } from "../../engine/types";
import { formatCell, neighbours } from "./cells";
import { faceDownCells, isForbidden } from "./round";
import type { MemoarrMove, MemoarrState } from "./types";

/** Cells the player to move may reveal now: face down, not banned by a walrus. */
export function revealChoices(state: MemoarrState): number[] {
  return faceDownCells(state.faceUp).filter((cell) => !isForbidden(state, cell));
}

/** Cells the pending power may name: octopus neighbours, other face-up cards, face-down cards, or crab reveals. */
export function powerChoices(state: MemoarrState): number[] {
  const pending = state.pending;
  if (pending === null) return [];
  switch (pending.kind) {
    case "octopus":
      return neighbours(pending.cell);
    case "penguin":
      return state.revealOrder.filter((cell) => cell !== pending.cell);
    case "walrus":
      return faceDownCells(state.faceUp);
    case "crab":
      return revealChoices(state);
  }
}

/** Every legal move of `seat` (complete): `ready` during its peek, then reveals or its power's follow-ups. */
export function legalMoves(state: MemoarrState, seat: Seat): MemoarrMove[] {
  if (state.phase === "over") return [];
  if (state.phase === "peek") return state.ready[seat] === false ? [{ type: "ready" }] : [];
  if (seat !== state.turn) return [];
  const pending = state.pending;
  if (pending === null || pending.kind === "crab") return revealChoices(state).map((cell) => ({ type: "reveal", cell: formatCell(cell) }));
  const cells = powerChoices(state).map(formatCell);
  switch (pending.kind) {
    case "octopus":
      return cells.map((cell) => ({ type: "swap", cell }));
    case "penguin":
      return [...cells.map((cell): MemoarrMove => ({ type: "hide", cell })), { type: "skip" }];
    case "walrus":
      return cells.map((cell) => ({ type: "forbid", cell }));
  }
}
