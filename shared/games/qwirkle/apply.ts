import type { ApplyResult, Seat } from "../../engine/types";
import { Rng } from "../../engine/rng";
import { boundsFor, inBounds } from "./board";
import { canPlace } from "./enumerate";
import { END_BONUS, MAX_LINE } from "./lines";
import { scorePlacement } from "./score";
import { draw } from "./setup";
import { HAND_SIZE, removeTiles, toTile } from "./tiles";
import type { EndReason, Placement, QwirkleError, QwirkleMove, QwirkleMoveSummary, QwirkleState, Tile } from "./types";

type Result = ApplyResult<QwirkleState, QwirkleError>;

/**
 * Applies one move of `seat`. Pure: the input state is never modified. Checks, in order: the game
 * is not over, it is `seat`'s turn, then the move's own rules. After an accepted move the turn
 * passes to the next seat and the end of the game is checked.
 *
 * A placement's summary has `points` = what `scorePlacement` gives (lines and Qwirkles) and
 * `endBonus` = 6 when it empties the hand with the bag empty; the score grows by both.
 */
export function applyMove(state: QwirkleState, seat: Seat, move: QwirkleMove): Result {
  if (state.finished) return fail("GAME_OVER");
  if (seat !== state.turn) return fail("NOT_YOUR_TURN");
  const hand = state.hands[seat] ?? [];
  switch (move.type) {
    case "place":
      return place(state, seat, hand, move.placements);
    case "exchange":
      return exchange(state, seat, hand, move.tiles);
    case "pass":
      return pass(state, seat, hand);
  }
}

function fail(error: QwirkleError): Result {
  return { ok: false, error };
}

function place(state: QwirkleState, seat: Seat, hand: readonly Tile[], moved: readonly Placement[]): Result {
  if (moved.length === 0) return fail("EMPTY_MOVE");
  if (moved.length > MAX_LINE) return fail("TOO_MANY_TILES");
  const placements = moved.map((p) => ({ row: p.row, col: p.col, shape: p.shape, color: p.color }));
  const kept = removeTiles(hand, placements);
  if (kept === null) return fail("TILE_NOT_IN_HAND");
  const bounds = boundsFor(state.options.board);
  if (placements.some((p) => !inBounds(bounds, p.row, p.col))) return fail("OUT_OF_BOARD");
  const scored = scorePlacement(state.board, placements);
  if (!scored.ok) return fail(scored.error);

  const refill = draw(state.bag, HAND_SIZE - kept.length);
  const newHand = [...kept, ...refill.tiles];
  const emptied = newHand.length === 0; // only possible once the bag is empty
  const endBonus = emptied ? END_BONUS : 0;
  const summary: QwirkleMoveSummary = {
    type: "place",
    seat,
    placements,
    points: scored.points,
    qwirkles: scored.lines.filter((line) => line.qwirkle).length,
    endBonus,
  };
  const board = [...state.board, ...placements];
  const hands = replaceAt(state.hands, seat, newHand);
  const scores = replaceAt(state.scores, seat, (state.scores[seat] ?? 0) + scored.points + endBonus);
  const endReason: EndReason | null = emptied ? "hand-emptied" : blockedReason(state, board, hands, refill.bag);
  return advance(state, { board, hands, bag: refill.bag, scores, endReason }, summary);
}

function exchange(state: QwirkleState, seat: Seat, hand: readonly Tile[], given: readonly Tile[]): Result {
  if (given.length === 0) return fail("EMPTY_MOVE");
  if (given.length > HAND_SIZE) return fail("TOO_MANY_TILES");
  const tiles = given.map(toTile);
  const kept = removeTiles(hand, tiles);
  if (kept === null) return fail("TILE_NOT_IN_HAND");
  if (state.bag.length < tiles.length) return fail("BAG_TOO_SMALL");
  // Draw first, then return the tiles and reshuffle, so a player never draws back their own tiles.
  const drawn = draw(state.bag, tiles.length);
  const rng = new Rng(state.rng);
  // One array of the bag's exact size (pushing onto `drawn.bag` grew it by half again, and the room
  // keeps this bag until its next move), shuffled in place.
  const bag = rng.shuffleInPlace(drawn.bag.concat(tiles));
  const hands = replaceAt(state.hands, seat, [...kept, ...drawn.tiles]);
  const summary: QwirkleMoveSummary = { type: "exchange", seat, count: tiles.length };
  return advance(state, { board: state.board, hands, bag, rng: rng.state, scores: state.scores, endReason: null }, summary);
}

function pass(state: QwirkleState, seat: Seat, hand: readonly Tile[]): Result {
  // Passing is only for a player stuck at the end: bag empty and nothing placeable.
  if (state.bag.length > 0 || canPlace(state.board, hand, boundsFor(state.options.board))) return fail("CANNOT_PASS");
  const summary: QwirkleMoveSummary = { type: "pass", seat };
  const endReason = blockedReason(state, state.board, state.hands, state.bag);
  return advance(state, { board: state.board, hands: state.hands, bag: state.bag, scores: state.scores, endReason }, summary);
}

/**
 * 'blocked' when no tile left in play, in a hand or in the bag, fits the board: no seat can place and
 * none ever will, since only a placement changes the board (with tiles in the bag, exchanges went
 * round for ever: a computers-only demo did, in quick mode). One board scan for all those tiles.
 * Null while the game goes on.
 */
function blockedReason(
  state: QwirkleState,
  board: readonly Placement[],
  hands: readonly (readonly Tile[])[],
  bag: readonly Tile[],
): EndReason | null {
  return canPlace(board, [...hands.flat(), ...bag], boundsFor(state.options.board)) ? null : "blocked";
}

interface Changes {
  readonly board: readonly Placement[];
  readonly hands: readonly (readonly Tile[])[];
  readonly bag: readonly Tile[];
  readonly rng?: QwirkleState["rng"];
  readonly scores: readonly number[];
  readonly endReason: EndReason | null;
}

/** The state after an accepted move: changes applied, turn passed on, move counted and recorded. */
function advance(state: QwirkleState, changes: Changes, summary: QwirkleMoveSummary): Result {
  const next: QwirkleState = {
    options: state.options,
    board: changes.board,
    hands: changes.hands,
    bag: changes.bag,
    rng: changes.rng ?? state.rng,
    scores: changes.scores,
    turn: (state.turn + 1) % state.hands.length,
    moveCount: state.moveCount + 1,
    lastMove: summary,
    finished: changes.endReason !== null,
    endReason: changes.endReason,
  };
  return { ok: true, state: next, summary };
}

function replaceAt<T>(items: readonly T[], at: number, value: T): T[] {
  return items.map((item, i) => (i === at ? value : item));
}
