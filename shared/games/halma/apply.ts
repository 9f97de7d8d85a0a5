import type { ApplyResult, Seat } from "../../engine/types";
import { gridOf, sameCell } from "./board";
import { formatMove } from "./notation";
import { closestSeats } from "./outcome";
import { checkPath } from "./path";
import { canMove, hasWon, MAX_ROUNDS } from "./rules";
import type { Cell, EndReason, HalmaError, HalmaMove, HalmaMoveSummary, HalmaState } from "./types";

type Result = ApplyResult<HalmaState, HalmaError>;

/**
 * Applies one move of `seat`. Pure: the input state is never modified. Checks, in order: the game
 * is not over, it is `seat`'s turn, then the path (see checkPath). After an accepted move:
 * - any seat whose goal camp is now full with at least one of its own pieces wins (Parlett's rule;
 *   only the camp the piece landed in can have filled, so at most one seat wins);
 * - otherwise the turn passes to the next seat in order that can move (seats with no legal move are
 *   skipped and listed in the summary); passing from the last seat to seat 0 starts a new round;
 * - after MAX_ROUNDS full rounds the game ends and the closest seats win ("round-limit"); if nobody
 *   at all can move (never seen in practice) it ends the same way ("blocked").
 */
export function applyMove(state: HalmaState, seat: Seat, move: HalmaMove): Result {
  if (state.finished) return fail("GAME_OVER");
  if (seat !== state.turn) return fail("NOT_YOUR_TURN");
  const check = checkPath(gridOf(state.pieces), seat, move.path);
  if (!check.ok) return fail(check.error);

  const path: Cell[] = move.path.map((c) => ({ row: c.row, col: c.col }));
  const start = path[0] as Cell;
  const end = path[path.length - 1] as Cell;
  const pieces = state.pieces.map((cells, s) => (s === seat ? cells.map((c) => (sameCell(c, start) ? end : c)) : cells));
  const grid = gridOf(pieces);

  const winners = pieces.flatMap((_, s) => (hasWon(state.players, grid, s) ? [s] : []));
  let endReason: EndReason | null = winners.length > 0 ? "win" : null;
  let turn = seat;
  let round = state.round;
  const skipped: Seat[] = [];
  if (endReason === null) {
    const next = nextSeat(pieces, grid, seat);
    turn = next.seat ?? seat;
    round += next.wraps;
    skipped.push(...next.skipped);
    if (next.seat === null) endReason = "blocked";
    else if (round > MAX_ROUNDS) endReason = "round-limit";
  }

  const summary: HalmaMoveSummary = { type: "move", seat, path, notation: formatMove(path), kind: check.kind, skipped };
  const next: HalmaState = {
    players: state.players,
    pieces,
    turn,
    round: Math.min(round, MAX_ROUNDS),
    moveCount: state.moveCount + 1,
    lastMove: summary,
    finished: endReason !== null,
    endReason,
    winners: endReason === null ? [] : endReason === "win" ? winners : closestSeats({ players: state.players, pieces }),
  };
  return { ok: true, state: next, summary };
}

/**
 * The next seat after `seat` that can move, counting how many times the turn passed from the last
 * seat to seat 0 on the way (each is a new round). The mover itself comes last, after a full lap;
 * null when no seat can move.
 */
function nextSeat(pieces: readonly (readonly Cell[])[], grid: Int8Array, seat: Seat): { seat: Seat | null; wraps: number; skipped: Seat[] } {
  const n = pieces.length;
  const skipped: Seat[] = [];
  let wraps = 0;
  for (let i = 1; i <= n; i++) {
    const candidate = (seat + i) % n;
    if (candidate === 0) wraps++;
    if (canMove(grid, pieces[candidate] ?? [])) return { seat: candidate, wraps, skipped };
    if (candidate !== seat) skipped.push(candidate);
  }
  return { seat: null, wraps, skipped };
}

function fail(error: HalmaError): Result {
  return { ok: false, error };
}

