import { Rng } from "../../engine/rng";
import type { ApplyResult, Seat } from "../../engine/types";
import { freeIds } from "./board";
import { bonshuffle, randomShuffle } from "./deal";
import { LAYOUTS } from "./layouts";
import { LEVEL_RULES, pairPoints } from "./rules";
import { isStuck, settle, startTurn } from "./turn";
import type { Family, MahjongError, MahjongMove, MahjongMoveSummary, MahjongState } from "./types";

type Result = ApplyResult<MahjongState, MahjongError>;
type Accepted = { readonly ok: true; readonly state: MahjongState; readonly summary: MahjongMoveSummary };

/** A summary before the settling rules add who passed and whether the game ended. */
type Draft = MahjongMoveSummary extends infer S ? (S extends MahjongMoveSummary ? Omit<S, "passed" | "endReason"> : never) : never; // distributes over the union

/**
 * Applies one move of `seat`. Pure. Checks, in order: the game is not over, it is `seat`'s turn,
 * then the move's own rules. A selection or a shuffle keeps the turn; `endTurn` passes it. After a
 * move the settling rules run (see `settle`): automatic passes and the end of the game.
 */
export function applyMove(state: MahjongState, seat: Seat, move: MahjongMove): Result {
  if (state.finished) return fail("GAME_OVER");
  if (seat !== state.turn) return fail("NOT_YOUR_TURN");
  switch (move.type) {
    case "select":
      return select(state, seat, move.tile);
    case "shuffle":
      return shuffle(state, seat);
    case "endTurn":
      if (isStuck(state)) return fail("MUST_SHUFFLE");
      return done(startTurn(state, (seat + 1) % state.scores.length), { type: "endTurn", seat, turnNumber: state.turnNumber });
  }
}

/** The turn's countdown ran out: the turn passes, even when the player was stuck. */
export function passOnTimeout(state: MahjongState): Accepted {
  const seat = state.turn;
  return done(startTurn(state, (seat + 1) % state.scores.length), { type: "timeout", seat, turnNumber: state.turnNumber });
}

function fail(error: MahjongError): Result {
  return { ok: false, error };
}

function select(state: MahjongState, seat: Seat, id: number): Result {
  const family = state.board[id];
  if (family === undefined || family === null) return fail("NO_SUCH_TILE");
  if (isStuck(state)) return fail("MUST_SHUFFLE"); // no pair to find: selecting would only waste the turn
  if (!freeIds(state.options.level, state.board).has(id)) return fail("TILE_NOT_FREE");
  const base = { type: "select", seat, turnNumber: state.turnNumber, tile: id, family } as const;
  const first = state.selected;
  if (first === id) return done({ ...state, selected: null }, { ...base, family: null, result: "deselect", removed: null, points: 0 });
  if (first === null || state.board[first] !== family) {
    // On a level that hides faces, a tile selected without making a pair goes back face down later:
    // its face must not stay in the public log (the view shows it while it is selected).
    const named = LEVEL_RULES[state.options.level].hidesFaces ? null : family;
    const seen = state.seen ?? [];
    return done({ ...state, selected: id, seen: seen.includes(id) ? seen : [...seen, id] }, { ...base, family: named, result: "first", removed: null, points: 0 });
  }
  const pairs = state.pairsThisTurn + 1;
  const points = pairPoints(pairs);
  const board = state.board.map((f, at): Family | null => (at === first || at === id ? null : f));
  const next: MahjongState = {
    ...state,
    board,
    scores: state.scores.map((s, at) => (at === seat ? s + points : s)),
    pairsThisTurn: pairs,
    selected: null,
    facesHidden: state.facesHidden || LEVEL_RULES[state.options.level].hidesFaces,
  };
  return done(next, { ...base, result: "pair", removed: [first, id], points });
}

function shuffle(state: MahjongState, seat: Seat): Result {
  const left = state.shufflesLeft[seat] ?? 0;
  if (left <= 0) return fail("NO_SHUFFLE_LEFT");
  const kind = LEVEL_RULES[state.options.level].shuffle;
  const rng = new Rng(state.rng);
  const shuffled = kind === "random" ? randomShuffle(state.board, rng) : bonshuffle(state.board, LAYOUTS[state.options.level], rng);
  const next: MahjongState = {
    ...state,
    board: shuffled.board,
    rng: rng.state,
    shufflesLeft: state.shufflesLeft.map((n, at) => (at === seat ? n - 1 : n)),
    selected: null, // the selected face may have moved
    seen: [], // and every face seen with it
  };
  return done(next, { type: "shuffle", seat, turnNumber: state.turnNumber, kind, solvable: shuffled.solvable });
}

/** Settles the state after a move, completes the summary and counts the move. */
function done(changed: MahjongState, draft: Draft): Accepted {
  const settled = settle(changed);
  const summary: MahjongMoveSummary = { ...draft, passed: settled.passed, endReason: settled.state.endReason };
  return { ok: true, state: { ...settled.state, moveCount: changed.moveCount + 1, lastMove: summary }, summary };
}

/** The place ids of the free tiles, ascending. */
export function freeTileIds(state: MahjongState): number[] {
  return [...freeIds(state.options.level, state.board)].sort((a, b) => a - b);
}
