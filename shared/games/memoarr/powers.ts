// The follow-up moves of expert rules: the octopus's swap, the penguin's hide or skip, the walrus's ban.
// (A crab's follow-up is a plain reveal, see reveal.ts.)
import type { ApplyResult, Seat } from "../../engine/types";
import { copyCard } from "./cards";
import { CENTER, formatCell, neighbours } from "./cells";
import { nextActive, replaceAt } from "./round";
import type { MemoarrError, MemoarrMove, MemoarrMoveSummary, MemoarrState, Pending } from "./types";

type Result = ApplyResult<MemoarrState, MemoarrError>;
type PowerMove = Extract<MemoarrMove, { type: "swap" | "hide" | "skip" | "forbid" }>;

const KIND_OF_MOVE: Readonly<Record<PowerMove["type"], Pending["kind"]>> = {
  swap: "octopus",
  hide: "penguin",
  skip: "penguin",
  forbid: "walrus",
};

/** Applies a power's follow-up of `seat` (the caller checked the phase and the turn). */
export function applyPower(state: MemoarrState, seat: Seat, move: PowerMove, cell: number | null): Result {
  const pending = state.pending;
  if (pending === null || pending.kind !== KIND_OF_MOVE[move.type]) return { ok: false, error: "NO_POWER_PENDING" };
  if (move.type === "skip") return passTurn(state, seat, null, { type: "skip", seat, round: state.round });
  if (cell === null || cell === CENTER || state.grid[cell] === null) return { ok: false, error: "BAD_CELL" };
  switch (move.type) {
    case "swap":
      return swap(state, seat, pending.cell, cell);
    case "hide":
      return hide(state, seat, pending.cell, cell);
    case "forbid":
      if (state.faceUp[cell] === true) return { ok: false, error: "NOT_FACE_DOWN" };
      return passTurn(state, seat, cell, { type: "forbid", seat, round: state.round, cell: formatCell(cell) });
  }
}

/** Octopus: the revealed card and an orthogonal neighbour change places, each keeping its side up. */
function swap(state: MemoarrState, seat: Seat, from: number, to: number): Result {
  if (!neighbours(from).includes(to)) return { ok: false, error: "NOT_ADJACENT" };
  const grid = state.grid.slice();
  const faceUp = state.faceUp.slice();
  [grid[from], grid[to]] = [grid[to] ?? null, grid[from] ?? null];
  [faceUp[from], faceUp[to]] = [faceUp[to] ?? false, faceUp[from] ?? false];
  const revealOrder = state.revealOrder.map((c) => (c === from ? to : c === to ? from : c));
  const moved = { ...state, grid, faceUp, revealOrder };
  return passTurn(moved, seat, null, { type: "swap", seat, round: state.round, from: formatCell(from), to: formatCell(to) });
}

/** Penguin: another face-up card goes face down (it leaves the list of revealed cards). */
function hide(state: MemoarrState, seat: Seat, penguin: number, cell: number): Result {
  if (cell === penguin) return { ok: false, error: "CANNOT_HIDE_ITSELF" };
  const card = state.grid[cell];
  if (state.faceUp[cell] !== true || card === null || card === undefined) return { ok: false, error: "NOT_FACE_UP" };
  const hidden = {
    ...state,
    faceUp: replaceAt(state.faceUp, cell, false),
    revealOrder: state.revealOrder.filter((c) => c !== cell),
  };
  return passTurn(hidden, seat, null, { type: "hide", seat, round: state.round, cell: formatCell(cell), card: copyCard(card) });
}

/** The power is done: the next active player reveals, banned from `forbidden` when a walrus named it. */
function passTurn(state: MemoarrState, seat: Seat, forbidden: number | null, summary: MemoarrMoveSummary): Result {
  const next: MemoarrState = {
    ...state,
    pending: null,
    forbidden,
    turn: nextActive(state.active, seat),
    moveCount: state.moveCount + 1,
  };
  return { ok: true, state: next, summary };
}
