import type { Seat } from "../../../../shared/engine/types";
import { covers, LAYOUTS, type MahjongMove, type MahjongView, type ViewTile } from "../../../../shared/games/mahjong";
import type { BoardProps } from "../types";
import { SeatsCtrl } from "../seatsCtrl";
import type { Ghost } from "./layout";
import { asMahjongSummary, asMahjongView } from "./view";

/** The board's props, as the room (or the replay page) passes them; `timer` is the server's countdown. */
export type MahjongBoardProps = BoardProps;

/** A message for this screen only (a refused tap explained before anything is sent). */
export interface LocalNotice {
  readonly key: string; // an i18n key
  readonly values?: Readonly<Record<string, string | number>>;
}

const GHOST_MS = 1700; // the removed-pair animation and its "+N", then the ghost is dropped
const SHAKE_MS = 400;

/**
 * The Mahjong++ table as this screen sees it: the server's view, whose turn, what a tap does, the
 * pairs on their way out. Components read it and call its actions; nothing here draws.
 */
export class MahjongCtrl extends SeatsCtrl<MahjongBoardProps> {
  busy = $state(false); // a shuffle or an end of turn is on its way: no double sends
  pending: number | null = $state(null); // a tile tapped, shown selected until the server answers
  notice: LocalNotice | null = $state(null);
  shaking: number | null = $state(null);
  ghosts: Ghost[] = $state([]);

  private seenMoveCount: number | null = null;
  private shakeTimer: ReturnType<typeof setTimeout> | undefined;

  readonly view: MahjongView | null = $derived.by(() => asMahjongView(this.props().view));
  /** The seat this screen plays for (views are the same for everyone, so no check on view.seat). */
  readonly me: Seat | null = $derived.by(() => this.props().seat);
  readonly readOnly: boolean = $derived.by(() => this.props().readOnly === true);
  /** `me` when it is this device's seat (a replay may show another's): the one called "you". */
  readonly youSeat: number | null = $derived.by(() => (this.props().seatIsYours === false ? null : this.me));
  readonly playing: boolean = $derived.by(() => this.props().room.status === "playing" && this.view !== null && !this.view.finished);
  readonly myTurn: boolean = $derived.by(() => {
    const { view, me } = this;
    return !this.readOnly && this.playing && view !== null && me !== null && view.turn === me && this.props().currentSeats.includes(me);
  });
  /** The tiles as drawn: the tapped tile shows selected at once (the server's answer follows). */
  readonly tiles: readonly ViewTile[] = $derived.by(() => {
    const tiles = this.view?.tiles ?? [];
    const pending = this.pending;
    if (pending === null) return tiles;
    return tiles.map((t) => (t.id === pending ? { ...t, selected: true } : t));
  });
  readonly hint: MahjongMove | null = $derived.by(() => (this.myTurn ? ((this.props().hint as MahjongMove | undefined) ?? null) : null)); // checked by the room

  /**
   * Call on every new view (from an effect): clears what belonged to the previous position and,
   * when the last move removed a pair, starts its animation where the two tiles were.
   */
  observe(view: MahjongView | null): void {
    if (view === null || view.moveCount === this.seenMoveCount) return;
    const first = this.seenMoveCount === null;
    this.seenMoveCount = view.moveCount;
    this.pending = null;
    this.notice = null;
    if (first) return; // no animation for the position found on arrival
    const last = asMahjongSummary(view.lastMove);
    if (last?.type !== "select" || last.result !== "pair" || last.removed === null) return;
    const layout = LAYOUTS[view.options.level];
    const tiles = last.removed.flatMap((id) => {
      const place = layout[id];
      return place === undefined ? [] : [{ x: place.x, y: place.y, z: place.z, family: last.family }];
    });
    const key = `pair-${view.moveCount}`;
    this.ghosts = [...this.ghosts, { key, tiles, points: last.points }];
    setTimeout(() => (this.ghosts = this.ghosts.filter((g) => g.key !== key)), GHOST_MS);
  }

  /** A tap on a tile: refused here with the reason when the rules say no, else sent. */
  pick(id: number): void {
    const view = this.view;
    if (view === null || this.readOnly || !this.playing || this.me === null) return;
    const tile = view.tiles.find((t) => t.id === id);
    if (tile === undefined) return;
    if (!this.myTurn) return this.refuse(id, { key: "games.mahjong.errors.NOT_YOUR_TURN" });
    if (view.stuck) return this.refuse(id, { key: "games.mahjong.errors.MUST_SHUFFLE" });
    if (!tile.free) {
      const covered = view.tiles.some((other) => covers(other, tile));
      return this.refuse(id, { key: covered ? "games.mahjong.ui.covered" : "games.mahjong.ui.sides" });
    }
    this.notice = null;
    this.pending = view.selected === id ? null : id; // tapping the selected tile cancels it
    void this.props()
      .sendMove({ type: "select", tile: id } satisfies MahjongMove)
      .then((result) => {
        if (!result.ok) this.pending = null;
      });
  }

  shuffle(): Promise<void> {
    return this.send({ type: "shuffle" });
  }

  endTurn(): Promise<void> {
    return this.send({ type: "endTurn" });
  }

  private async send(move: MahjongMove): Promise<void> {
    if (this.busy || !this.myTurn) return;
    this.busy = true;
    try {
      await this.props().sendMove(move);
    } finally {
      this.busy = false;
    }
  }

  private refuse(id: number, notice: LocalNotice): void {
    this.notice = notice;
    this.shaking = id;
    clearTimeout(this.shakeTimer);
    this.shakeTimer = setTimeout(() => (this.shaking = null), SHAKE_MS);
  }
}
