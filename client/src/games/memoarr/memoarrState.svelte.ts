import type { Card, CellName, MemoarrError, MemoarrMove, MemoarrView, PlacedCard } from "../../../../shared/games/memoarr";
import type { BoardProps } from "../types";
import { SeatsCtrl } from "../seatsCtrl";
import type { SnapshotTimer } from "./peekClock.svelte";
import { actionOf, choicesOf, moveFor, readCell, refusal, type Action } from "./play";
import { asMemoarrView } from "./view";

/** The board's props: the room's, plus the server's countdown when the room passes it. */
export type MemoarrBoardProps = BoardProps & { readonly timer?: SnapshotTimer | null };

/** A refusal found before sending: an engine rule code, or a typed position that is no position. */
export type LocalError = MemoarrError | "BAD_TEXT";

/**
 * The Memoarr! table as this screen sees it: the server's view, whose turn, which cells may be
 * picked and why others may not. Components read it and call its actions; nothing here draws.
 */
export class MemoarrCtrl extends SeatsCtrl<MemoarrBoardProps> {
  busy = $state(false); // a move is on its way: no double sends
  localError: LocalError | null = $state(null);
  textView = $state(false); // the seed's terminal rendering instead of pictures

  readonly view: MemoarrView | null = $derived.by(() => asMemoarrView(this.props().view));
  /**
   * The seat whose secrets this screen may show: its peek and its rubies. None when the room says
   * so (pass-and-play between turns hands a seated view with seat null) or the view is another's.
   */
  readonly me: number | null = $derived.by(() => {
    const seat = this.props().seat;
    return seat !== null && this.view !== null && this.view.seat === seat ? seat : null;
  });
  readonly readOnly: boolean = $derived.by(() => this.props().readOnly === true);
  /** `me` when it is this device's seat (a replay may show another's): the one called "you". */
  readonly youSeat: number | null = $derived.by(() => (this.props().seatIsYours === false ? null : this.me));
  readonly myTurn: boolean = $derived.by(() => {
    const view = this.view;
    return !this.readOnly && view !== null && view.phase === "play" && this.me !== null && view.turn === this.me && this.props().currentSeats.includes(this.me);
  });
  /** What the turn asks this player to pick; null when it is not their turn. */
  readonly action: Action | null = $derived(this.myTurn && this.view !== null ? actionOf(this.view) : null);
  readonly choices: ReadonlySet<CellName> = $derived(new Set(this.action !== null && this.view !== null ? choicesOf(this.view) : []));
  /** This player's own peek, only while its window is open. */
  readonly peek: ReadonlyMap<CellName, Card> = $derived.by(() => {
    const view = this.view;
    const cards: readonly PlacedCard[] = this.me !== null && view !== null && view.peekOpen ? (view.myPeek ?? []) : [];
    return new Map(cards.map((p) => [p.cell, p.card]));
  });
  readonly canReady: boolean = $derived(!this.readOnly && this.me !== null && this.view?.phase === "peek" && this.view.ready[this.me] === false);
  readonly canSkip: boolean = $derived(this.myTurn && this.view?.pending?.canSkip === true);
  /** The suggested cell ("show my best move"), when the hint names one and it is our turn. */
  readonly hintCell: CellName | null = $derived.by(() => {
    const move = this.props().hint as MemoarrMove | undefined; // checked by the room with the move schema
    return move !== undefined && this.myTurn && "cell" in move ? move.cell : null;
  });
  readonly myRubies: readonly number[] | null = $derived(this.me === null ? null : (this.view?.myRewards ?? null));

  /** A tap on a cell (or a position typed or chosen from the list). Refusals are explained, not sent. */
  async pick(cell: CellName): Promise<boolean> {
    const view = this.view;
    const action = this.action;
    if (view === null || action === null) return false;
    const why = refusal(view, action, cell);
    if (why !== null) {
      this.localError = why;
      return false;
    }
    return this.send(moveFor(action, cell));
  }

  /** A typed position, for the expert display. */
  async pickTyped(text: string): Promise<boolean> {
    const cell = readCell(text);
    if (cell === null) {
      this.localError = "BAD_TEXT";
      return false;
    }
    return this.pick(cell);
  }

  async ready(): Promise<void> {
    if (this.canReady) await this.send({ type: "ready" });
  }

  async skip(): Promise<void> {
    if (this.canSkip) await this.send({ type: "skip" });
  }

  private async send(move: MemoarrMove): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.localError = null;
    try {
      return (await this.props().sendMove(move)).ok;
    } finally {
      this.busy = false;
    }
  }
}
