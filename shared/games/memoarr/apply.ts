import type { ApplyResult, Seat } from "../../engine/types";
import { parseCell } from "./cells";
import { applyPower } from "./powers";
import { reveal } from "./reveal";
import { endPeek, replaceAt } from "./round";
import type { MemoarrError, MemoarrMove, MemoarrMoveSummary, MemoarrState } from "./types";

type Result = ApplyResult<MemoarrState, MemoarrError>;

/**
 * Applies one move of `seat`. Pure: the input state is never modified. Checks, in order: the game
 * is not over, the phase (`ready` only during the peek, everything else only after it), the turn,
 * then the move's own rules.
 */
export function applyMove(state: MemoarrState, seat: Seat, move: MemoarrMove): Result {
  if (state.phase === "over") return fail("GAME_OVER");
  if (move.type === "ready") return ready(state, seat);
  if (state.phase === "peek") return fail("PEEK_IN_PROGRESS");
  if (seat !== state.turn) return fail("NOT_YOUR_TURN");
  if (move.type === "reveal") {
    const cell = parseCell(move.cell);
    return cell === null ? fail("BAD_CELL") : reveal(state, seat, cell);
  }
  return applyPower(state, seat, move, move.type === "skip" ? null : parseCell(move.cell));
}

/** A seat is done looking at its peek; when every seat is, the play phase begins. */
function ready(state: MemoarrState, seat: Seat): Result {
  if (state.phase !== "peek") return fail("NOT_PEEKING");
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.seatCount) return fail("NOT_YOUR_TURN");
  if (state.ready[seat] === true) return fail("ALREADY_READY");
  const readySeats = replaceAt(state.ready, seat, true);
  const peekEnded = readySeats.every(Boolean);
  const summary: MemoarrMoveSummary = { type: "ready", seat, round: state.round, peekEnded };
  const next = peekEnded ? endPeek(state) : { ...state, ready: readySeats, moveCount: state.moveCount + 1 };
  return { ok: true, state: next, summary };
}

/** The key of the peek countdown of a round. */
export function peekTimerKey(round: number): string {
  return `peek:${round}`;
}

/** The peek window ran out: every card is face down and the round's starter reveals. */
export function onTimeout(state: MemoarrState, key: string): Result {
  if (state.phase !== "peek" || key !== peekTimerKey(state.round)) return fail("STALE_TIMER");
  const summary: MemoarrMoveSummary = { type: "peekEnd", round: state.round };
  return { ok: true, state: endPeek(state), summary };
}

function fail(error: MemoarrError): Result {
  return { ok: false, error };
}
