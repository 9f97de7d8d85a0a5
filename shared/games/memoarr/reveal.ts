import type { ApplyResult, Seat } from "../../engine/types";
import { copyCard, matches, POWER_OF } from "./cards";
import { CENTER, formatCell } from "./cells";
import { endRound, faceDownCells, isForbidden, nextActive, previousActive, replaceAt } from "./round";
import type { MemoarrError, MemoarrMoveSummary, MemoarrState, Pending, RoundEnd } from "./types";

type Result = ApplyResult<MemoarrState, MemoarrError>;

/**
 * `seat` turns the card at `cell` face up (the caller checked the phase and the turn). A card that
 * matches neither the animal nor the background of the last revealed card eliminates its player;
 * the card stays face up and becomes the card the next player must match. The round ends when one
 * player is left, or when the last face-down card is turned: then the player who turned it takes
 * the reward, or, if that card eliminated them, the nearest active seat before them (the one who
 * would survive the physical game's volcano cards). Otherwise, in expert rules, the animal acts.
 */
export function reveal(state: MemoarrState, seat: Seat, cell: number): Result {
  if (state.pending !== null && state.pending.kind !== "crab") return { ok: false, error: "POWER_PENDING" };
  const card = cell === CENTER ? null : state.grid[cell];
  if (card === null || card === undefined) return { ok: false, error: "BAD_CELL" };
  if (state.faceUp[cell] === true) return { ok: false, error: "CARD_FACE_UP" };
  if (isForbidden(state, cell)) return { ok: false, error: "CARD_FORBIDDEN" };

  const first = state.lastCard === null;
  const match = state.lastCard === null ? null : matches(card, state.lastCard);
  const eliminated = match === false;
  const faceUp = replaceAt(state.faceUp, cell, true);
  const active = eliminated ? replaceAt(state.active, seat, false) : state.active;
  const after: MemoarrState = {
    ...state,
    faceUp,
    active,
    revealOrder: [...state.revealOrder, cell],
    lastCard: card,
    pending: null,
    firstEliminated: state.firstEliminated ?? (eliminated ? seat : null),
    moveCount: state.moveCount + 1,
  };
  const summaryOf = (extra: Pick<Extract<MemoarrMoveSummary, { type: "reveal" }>, "power" | "skipped" | "roundEnd" | "gameOver">): MemoarrMoveSummary => ({
    type: "reveal",
    seat,
    round: state.round,
    cell: formatCell(cell),
    card: copyCard(card),
    match,
    eliminated,
    ...extra,
  });

  const stillIn = active.flatMap((a, s) => (a ? [s] : []));
  const downLeft = faceDownCells(faceUp).length;
  let ended: { state: MemoarrState; roundEnd: RoundEnd } | null = null;
  if (stillIn.length === 1 && stillIn[0] !== undefined) ended = endRound(after, stillIn[0], "last-player");
  else if (downLeft === 0) ended = endRound(after, eliminated ? previousActive(active, seat) : seat, "last-card");
  if (ended !== null) {
    const summary = summaryOf({ power: null, skipped: null, roundEnd: ended.roundEnd, gameOver: ended.state.phase === "over" });
    return { ok: true, state: ended.state, summary };
  }

  const power = state.options.expertRules && !eliminated ? POWER_OF[card.animal] : null;
  const pendingKind = pendingPower(power, first, faceUp, cell, downLeft);
  if (pendingKind !== null) {
    // The same player owes a follow-up; a walrus's ban on this player still holds through a crab chain.
    const pending: Pending = { kind: pendingKind, seat, cell };
    return { ok: true, state: { ...after, pending }, summary: summaryOf({ power: pendingKind, skipped: null, roundEnd: null, gameOver: false }) };
  }
  let turn = nextActive(active, seat);
  let skipped: Seat | null = null;
  if (power === "turtle") {
    skipped = turn;
    turn = nextActive(active, turn);
  }
  const shownPower = power === "turtle" ? "turtle" : null; // a penguin or walrus with nothing to act on does nothing
  return { ok: true, state: { ...after, turn, forbidden: null }, summary: summaryOf({ power: shownPower, skipped, roundEnd: null, gameOver: false }) };
}

/**
 * The power that needs a follow-up now, if any. A penguin acts only after the round's first card
 * and when another card is face up; a walrus only when at least two cards are face down (naming
 * the last one would leave the next player no move). An octopus always has a neighbour to swap
 * with: every cell has at least two, the centre excluded.
 */
function pendingPower(
  power: Pending["kind"] | "turtle" | null,
  first: boolean,
  faceUp: readonly boolean[],
  cell: number,
  downLeft: number,
): Pending["kind"] | null {
  switch (power) {
    case "octopus":
    case "crab":
      return power;
    case "penguin":
      return !first && faceUp.some((up, c) => up && c !== cell) ? "penguin" : null;
    case "walrus":
      return downLeft >= 2 ? "walrus" : null;
    default:
      return null;
  }
}
