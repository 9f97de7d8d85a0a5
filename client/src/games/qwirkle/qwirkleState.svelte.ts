import {
  boundsFor,
  canPlace,
  inBounds,
  legalCells,
  parseMove,
  type Placement,
  type QwirkleError,
  type QwirkleMove,
  type QwirkleView,
  type Tile,
} from "../../../../shared/games/qwirkle";
import type { BoardProps } from "../types";
import type { ActionResult } from "../../room/roomState.svelte";
import { asQwirkleView } from "./view";
import { visibleArea, type Area } from "./boardArea";
import { previewOf, type Preview } from "./preview";


/** A hand tile put on the board but not sent yet. */
export interface Tentative {
  readonly handIndex: number;
  readonly row: number;
  readonly col: number;
}


/** A problem the client found by itself (a typed move it could not read or match to the hand). */
export type LocalError = { readonly code: "BAD_NOTATION"; readonly at: number } | { readonly code: QwirkleError };

/**
 * The Qwirkle table as this player sees it: the server's view plus the move being built
 * (selection, tentative tiles, exchange picks). Rendering components only read it and call actions.
 */
export class QwirkleCtrl {
  selected: number | null = $state(null); // hand index picked for the next tap on a cell
  tentative: Tentative[] = $state([]); // tiles placed on the board, not sent yet
  exchangeOpen = $state(false);
  exchangePicks: number[] = $state([]); // hand indices ticked in the exchange dialog
  busy = $state(false); // a move is on its way; blocks double sends
  localError: LocalError | null = $state(null);

  private readonly props: () => BoardProps; // a getter, so deriveds below track the component's props

  // Deriveds are lazy: they first run after the constructor has set `props`.
  readonly view: QwirkleView | null = $derived.by(() => asQwirkleView(this.props().view));
  readonly hand: readonly Tile[] = $derived(this.view?.hand ?? []);
  readonly bounds = $derived(this.view === null ? null : boundsFor(this.view.options.board));
  readonly myTurn: boolean = $derived.by(() => {
    const { seat, currentSeats, readOnly } = this.props();
    return readOnly !== true && this.view !== null && !this.view.finished && seat !== null && currentSeats.includes(seat);
  });
  /** The suggested move ("show my best move", checked by the room with the move schema); only for our turn. */
  readonly hint: QwirkleMove | null = $derived.by(() => {
    const move = this.props().hint as QwirkleMove | undefined;
    return move !== undefined && this.myTurn ? move : null;
  });
  /** Hand tiles the hint uses (to place or to exchange), matched to hand positions one by one. */
  readonly hintHand: ReadonlySet<number> = $derived.by(() => {
    const hint = this.hint;
    const tiles: readonly Tile[] = hint?.type === "place" ? hint.placements : hint?.type === "exchange" ? hint.tiles : [];
    const used = new Set<number>();
    for (const tile of tiles) {
      const index = this.hand.findIndex((h, i) => !used.has(i) && h.shape === tile.shape && h.color === tile.color);
      if (index !== -1) used.add(index);
    }
    return used;
  });
  readonly placements: Placement[] = $derived(
    this.tentative.flatMap((t) => {
      const tile = this.hand[t.handIndex];
      return tile === undefined ? [] : [{ row: t.row, col: t.col, shape: tile.shape, color: tile.color }];
    }),
  );
  readonly preview: Preview = $derived(previewOf(this.view, this.hand.length, this.placements, this.bounds));
  /** Passing is only legal with an empty bag and no tile that fits anywhere. */
  readonly canPass: boolean = $derived(
    this.myTurn && this.view !== null && this.view.bagCount === 0 && !canPlace(this.view.board, this.hand, this.bounds),
  );
  /**
   * The cells where the selected tile may go now (after the tiles already put down this turn), by
   * the engine's rule; null = anywhere (first tile of the game). Empty with no tile selected.
   */
  readonly legal: ReadonlySet<string> | null = $derived.by(() => {
    const tile = this.selected === null ? undefined : this.hand[this.selected];
    if (!this.myTurn || this.view === null || tile === undefined) return new Set<string>();
    const cells = legalCells(this.view.board, this.placements, tile, this.bounds);
    return cells === null ? null : new Set(cells.map((c) => `${c.row},${c.col}`));
  });
  readonly area: Area = $derived(visibleArea(this.bounds, [...(this.view?.board ?? []), ...this.tentative]));

  constructor(props: () => BoardProps) {
    this.props = props;
  }

  isPlaced(handIndex: number): boolean {
    return this.tentative.some((t) => t.handIndex === handIndex);
  }

  selectHand(handIndex: number): void {
    if (!this.myTurn || this.isPlaced(handIndex)) return;
    this.selected = this.selected === handIndex ? null : handIndex;
  }

  /** Tap on a cell: take back a tentative tile, or put the selected tile there. */
  tapCell(row: number, col: number): void {
    const existing = this.tentative.find((t) => t.row === row && t.col === col);
    if (existing !== undefined) {
      this.tentative = this.tentative.filter((t) => t !== existing);
      return;
    }
    if (this.selected !== null) this.drop(this.selected, row, col);
  }

  /** Puts a hand tile on an empty cell (moving it if it was already on the board). */
  drop(handIndex: number, row: number, col: number): void {
    if (!this.myTurn || this.hand[handIndex] === undefined) return;
    const occupied = this.view?.board.some((p) => p.row === row && p.col === col) ?? false;
    if (occupied || !inBounds(this.bounds, row, col)) return;
    this.tentative = [
      ...this.tentative.filter((t) => t.handIndex !== handIndex && !(t.row === row && t.col === col)),
      { handIndex, row, col },
    ];
    this.localError = null;
    // A placed tile leaves the selection, so a stray second tap cannot move it elsewhere.
    this.selected = null;
  }

  undo(): void {
    this.tentative = [];
    this.selected = null;
    this.localError = null;
  }

  /** Forgets the move being built; called when a new position arrives (hand indices change). */
  reset(): void {
    this.undo();
    this.exchangeOpen = false;
    this.exchangePicks = [];
  }

  async confirm(): Promise<void> {
    if (this.preview.kind !== "legal") return;
    await this.send({ type: "place", placements: this.placements });
  }

  openExchange(): void {
    this.undo();
    this.exchangePicks = [];
    this.exchangeOpen = true;
  }

  toggleExchangePick(handIndex: number): void {
    this.exchangePicks = this.exchangePicks.includes(handIndex)
      ? this.exchangePicks.filter((i) => i !== handIndex)
      : [...this.exchangePicks, handIndex];
  }

  async exchange(): Promise<void> {
    const tiles = this.exchangePicks.flatMap((i) => {
      const tile = this.hand[i];
      return tile === undefined ? [] : [{ shape: tile.shape, color: tile.color }];
    });
    if (tiles.length === 0) return;
    // Also closed when the move is on its way again after a reconnection: the dialog's button, left
    // live over "votre coup sera renvoyé…", asked to be tapped again.
    const result = await this.send({ type: "exchange", tiles });
    if (result.ok || result.error.code === "RESENDING") this.exchangeOpen = false;
  }

  async pass(): Promise<void> {
    await this.send({ type: "pass" });
  }

  /**
   * Plays a move typed in the seed's notation: each tile is matched to an unused tile of the
   * hand, shown on the board, then sent. Nothing is sent if the text or the tiles are wrong.
   */
  async playNotation(text: string): Promise<boolean> {
    const parsed = parseMove(text);
    if (!parsed.ok) {
      this.localError = { code: "BAD_NOTATION", at: parsed.at + 1 };
      return false;
    }
    const used = new Set<number>();
    const tentative: Tentative[] = [];
    for (const p of parsed.placements) {
      const handIndex = this.hand.findIndex((tile, i) => !used.has(i) && tile.shape === p.shape && tile.color === p.color);
      if (handIndex === -1) {
        this.localError = { code: "TILE_NOT_IN_HAND" };
        return false;
      }
      used.add(handIndex);
      tentative.push({ handIndex, row: p.row, col: p.col });
    }
    this.tentative = tentative;
    this.localError = null;
    if (this.preview.kind === "illegal") {
      this.localError = { code: this.preview.error };
      return false;
    }
    if (this.preview.kind === "empty") {
      this.localError = { code: "EMPTY_MOVE" };
      return false;
    }
    return (await this.send({ type: "place", placements: this.placements })).ok;
  }

  private async send(move: QwirkleMove): Promise<ActionResult> {
    if (this.busy || !this.myTurn) return { ok: false, error: { code: "CANCELLED", message: "not this seat's turn, or a move on its way" } };
    this.busy = true;
    try {
      // On success the new snapshot resets the move; on failure keep it so the player can fix it.
      return await this.props().sendMove(move);
    } finally {
      this.busy = false;
    }
  }
}
