import { splitView } from "../../engine/splitView";
import type { Seat } from "../../engine/types";
import { copyCard, ROUNDS, sameCard } from "./cards";
import { CARD_CELLS, CELL_COUNT, CENTER, formatCell, peekCellsOf, SIDE_OF_SEAT } from "./cells";
import { powerChoices } from "./legal";
import { rubiesOf } from "./outcome";
import type { Card, MemoarrBotMemory, MemoarrState, MemoarrView, PendingView, PlacedCard, Side, ViewCell } from "./types";

/**
 * What `seat` may see. Built field by field (never a spread of the state) so nothing secret slips
 * in: face-down cards carry no identity until the game is over, except this seat's own peek in
 * `myPeek` while its peek window is open; the unused card, the reward deck and other seats' rubies
 * appear only at the end.
 * A spectator (null) or an unknown seat gets no peek and no rewards.
 */
export const { view: viewFor, viewParts } = splitView<MemoarrState, Omit<MemoarrView, OwnField>, Pick<MemoarrView, OwnField>>({
  shared: (state) => {
    const over = state.phase === "over";
    const grid: ViewCell[] = Array.from({ length: CELL_COUNT }, (_, cell) => {
      const card = state.grid[cell] ?? null;
      if (cell === CENTER || card === null) return { cell: formatCell(cell), state: "empty", card: null };
      const up = state.faceUp[cell] === true;
      return { cell: formatCell(cell), state: up ? "up" : "down", card: up || over ? copyCard(card) : null };
    });
    const lastCell = state.revealOrder.at(-1);
    return {
      options: { ...state.options },
      seatCount: state.seatCount,
      sides: Array.from({ length: state.seatCount }, (_, s): Side => SIDE_OF_SEAT[s] ?? "top"),
      round: state.round,
      rounds: ROUNDS,
      phase: state.phase,
      grid,
      revealed: state.revealOrder.map((cell) => placed(state, cell)),
      lastCard: lastCell === undefined || state.lastCard === null ? null : placed(state, lastCell),
      active: state.active.slice(),
      turn: state.phase === "play" ? state.turn : null,
      ready: state.ready.slice(),
      peekCells: Array.from({ length: state.seatCount }, (_, s) => peekCellsOf(s).map(formatCell)),
      pending: pendingView(state),
      forbidden: state.forbidden === null || state.phase !== "play" ? null : formatCell(state.forbidden),
      roundWinners: state.roundWinners.slice(),
      rewardsLeft: state.rewards.length,
      rubies: over ? rubiesOf(state) : null,
      unusedCard: over ? copyCard(state.unused) : null,
      moveCount: state.moveCount,
      finished: over,
    };
  },
  own: (state, seat: Seat | null) => {
    const own = seat !== null && Number.isInteger(seat) && seat >= 0 && seat < state.seatCount ? seat : null;
    // The peek window of this seat: the peek phase, until it says `ready` (or the clock ends it).
    const peekOpen = own !== null && state.phase === "peek" && state.ready[own] === false;
    return {
      seat: own,
      peekOpen,
      myPeek: peekOpen && own !== null ? peekNow(state, state.peeked[own] ?? []) : null,
      myRewards: own === null ? null : (state.won[own] ?? []).slice(),
    };
  },
});

/** What only the seat itself sees. */
type OwnField = "seat" | "peekOpen" | "myPeek" | "myRewards";

function placed(state: MemoarrState, cell: number): PlacedCard {
  const card = state.grid[cell];
  if (card === null || card === undefined) throw new Error(`no card at ${formatCell(cell)}`);
  return { cell: formatCell(cell), card: copyCard(card) };
}

/**
 * For bots only (`botMemory`): what `seat` saw in its peek this round, and in those of the rounds
 * before (cards stay in place between rounds), where those cards lie now.
 * Cards move only by octopus swaps, which are public (each is in the move log), so following a
 * peeked card to its present cell is exactly what a player watching the table would do. Empty for
 * spectators and unknown seats.
 */
export function botMemoryFor(state: MemoarrState, seat: Seat): MemoarrBotMemory {
  const own = Number.isInteger(seat) && seat >= 0 && seat < state.seatCount;
  return { peek: own ? peekNow(state, state.peeked[seat] ?? []) : [], earlierPeeks: own ? peekNow(state, state.peekedBefore?.[seat] ?? []) : [] };
}

/** The seat's peeked cards where they lie now: an octopus may have moved them. */
function peekNow(state: MemoarrState, cards: readonly Card[]): PlacedCard[] {
  return cards.flatMap((card) => {
    const cell = CARD_CELLS.find((c) => {
      const here = state.grid[c];
      return here !== null && here !== undefined && sameCard(here, card);
    });
    return cell === undefined ? [] : [{ cell: formatCell(cell), card: copyCard(card) }];
  });
}

function pendingView(state: MemoarrState): PendingView | null {
  const pending = state.pending;
  if (pending === null) return null;
  return {
    kind: pending.kind,
    seat: pending.seat,
    cell: formatCell(pending.cell),
    choices: powerChoices(state).map(formatCell),
    canSkip: pending.kind === "penguin",
  };
}
