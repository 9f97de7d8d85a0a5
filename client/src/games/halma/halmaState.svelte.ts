import {
  checkPath,
  gridOf,
  indexOf,
  parseMove,
  reachable,
  sameCell,
  type Cell,
  type HalmaMove,
  type HalmaView,
} from "../../../../shared/games/halma";
import { SeatsCtrl } from "../seatsCtrl";
import { chainClosed, chainTo, nextHops, tapError, type TapError } from "./moveEntry";
import { asHalmaView } from "./view";

/** A problem found on this device before anything is sent, shown under the board. */
export type LocalError =
  | { readonly code: TapError | "NOT_YOUR_PIECE_TAP" | "PICK_PIECE" }
  | { readonly code: "BAD_NOTATION"; readonly at: number };

/**
 * The Halma table as this player sees it: the server's view plus the move being built (the chosen
 * piece and the chain of cells it visits). Components only read it and call its actions.
 */
export class HalmaCtrl extends SeatsCtrl {
  chain: Cell[] = $state([]); // the chosen piece's cell, then each next position; empty = nothing chosen
  busy = $state(false); // a move is on its way; blocks double sends
  localError: LocalError | null = $state(null);

  readonly view: HalmaView | null = $derived.by(() => asHalmaView(this.props().view));
  readonly grid: Int8Array = $derived(gridOf(this.view?.pieces ?? []));
  readonly myTurn: boolean = $derived.by(() => {
    const { seat, currentSeats, readOnly } = this.props();
    return readOnly !== true && this.view !== null && !this.view.finished && seat !== null && currentSeats.includes(seat);
  });
  readonly seat: number | null = $derived.by(() => this.props().seat);

  /** Every cell the chosen piece can end its move on (steps and all chain landings). */
  readonly reach: ReadonlySet<number> = $derived.by(() => {
    const start = this.chain[0];
    if (start === undefined || this.view === null) return new Set<number>();
    return new Set(reachable(this.view.pieces.flat(), start).map((c) => indexOf(c)));
  });
  /** Where the chain can go next (a step or one jump, then further jumps). */
  readonly next: ReadonlySet<number> = $derived(new Set(nextHops(this.grid, this.chain).map((c) => indexOf(c))));
  /** The chain is a whole move that can be sent. */
  readonly complete: boolean = $derived(this.chain.length >= 2);
  readonly closed: boolean = $derived(chainClosed(this.chain));
  /** The suggested move ("show my best move"), only on our turn. */
  readonly hint: HalmaMove | null = $derived.by(() => (this.myTurn ? ((this.props().hint as HalmaMove | undefined) ?? null) : null)); // checked by the room

  /** The owner of the piece on `cell`, or null. */
  ownerAt(cell: Cell): number | null {
    const owner = this.grid[indexOf(cell)];
    return owner === undefined || owner < 0 ? null : owner;
  }

  /**
   * A tap on a cell: on one of my pieces, choose it (or drop it when tapped again); on the chain's
   * last cell, send the move; elsewhere, go there — one hop, or the shortest chain of jumps, from
   * where the chain is or else afresh from the piece.
   */
  tapCell(cell: Cell): void {
    const seat = this.seat;
    if (!this.myTurn || seat === null || this.busy) return;
    this.localError = null;
    const start = this.chain[0];
    const owner = this.ownerAt(cell);
    if (owner === seat && !(start !== undefined && sameCell(start, cell) && this.chain.length > 1)) {
      this.chain = start !== undefined && sameCell(start, cell) ? [] : [cell];
      return;
    }
    if (start === undefined) {
      this.localError = { code: owner === null ? "PICK_PIECE" : "NOT_YOUR_PIECE_TAP" };
      return;
    }
    const end = this.chain[this.chain.length - 1];
    if (this.complete && end !== undefined && sameCell(end, cell)) {
      void this.finish();
      return;
    }
    const extended = chainTo(this.grid, this.chain, cell) ?? (this.chain.length > 1 ? chainTo(this.grid, [start], cell) : null);
    if (extended !== null) {
      this.chain = extended;
      return;
    }
    if (start !== undefined && sameCell(start, cell)) {
      this.chain = [start]; // back to the piece: start the chain again
      return;
    }
    this.localError = { code: tapError(this.grid, seat, this.closed ? [start] : this.chain, cell) };
  }

  /** Takes back the last hop (or lets go of the piece). */
  back(): void {
    this.chain = this.chain.slice(0, -1);
    this.localError = null;
  }

  cancel(): void {
    this.chain = [];
    this.localError = null;
  }

  /** Sends the chain built on the board. */
  async finish(): Promise<boolean> {
    if (!this.complete) return false;
    return this.send({ path: this.chain.slice() });
  }

  /**
   * Plays a move typed in notation (`c3-e5-g7`): read, shown as the chain, checked against the
   * rules on this device (so a wrong move says why at once), then sent.
   */
  async playNotation(text: string): Promise<boolean> {
    const parsed = parseMove(text);
    if (!parsed.ok) {
      this.localError = { code: "BAD_NOTATION", at: parsed.at + 1 };
      return false;
    }
    const seat = this.seat;
    if (seat === null) return false;
    const check = checkPath(this.grid, seat, parsed.move.path);
    if (!check.ok) {
      this.localError = { code: check.error };
      return false;
    }
    this.chain = parsed.move.path.slice();
    this.localError = null;
    return this.send(parsed.move);
  }

  /** Forgets the move being built; called when a new position arrives. */
  reset(): void {
    this.chain = [];
    this.localError = null;
  }

  private async send(move: HalmaMove): Promise<boolean> {
    if (this.busy || !this.myTurn) return false;
    this.busy = true;
    try {
      // On success the new snapshot resets the chain; on failure keep it so the player can fix it.
      return (await this.props().sendMove(move)).ok;
    } finally {
      this.busy = false;
    }
  }
}
