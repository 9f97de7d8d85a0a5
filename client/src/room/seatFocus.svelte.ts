import type { Seat } from "../../../shared/engine/types";
import type { RoomSnapshot } from "../../../shared/protocol";
import { focusOf, type Focus } from "./focus";

/**
 * Which seat the board plays for on this device, and the pass-and-play privacy screen.
 *
 * With one seat (or none) this is simple: show our seat's view (or the spectator view). When one
 * device holds several seats, each hand must stay private: whenever the turn moves to another
 * local player, a curtain asks to pass the device, and until it is tapped the board is given no
 * seat at all (so the game's board renders no hand: nothing private is in the DOM). Between local
 * turns (a remote or computer player moves) the last local player keeps their view.
 */
export class SeatFocus {
  revealed: Seat | null = $state(null); // the local seat whose hand was last shown after a tap

  private readonly snapshot: () => RoomSnapshot | null;

  private readonly focus: Focus = $derived.by(() => {
    const snapshot = this.snapshot();
    return focusOf({
      localSeats: (snapshot?.views ?? []).map((v) => v.seat).filter((seat): seat is Seat => seat !== null),
      currentSeats: snapshot?.currentSeats ?? [],
      revealed: this.revealed,
      finished: snapshot?.outcome?.finished === true,
    });
  });

  /** The local seat expected to move now, if any. */
  readonly toMove: Seat | null = $derived(this.focus.toMove);
  /** The local player the device must be passed to, while the privacy screen is up. */
  readonly curtainFor: Seat | null = $derived(this.focus.curtainFor);
  /** The seat whose hand the board shows; null = no hand (watching, or a curtain is up). */
  readonly boardSeat: Seat | null = $derived(this.focus.boardSeat);

  /**
   * The view handed to the board. With no board seat in pass-and-play we still pass a seated view
   * (there is no spectator view in our snapshot); `seat: null` tells the board to show only its
   * public parts (see BoardProps).
   */
  readonly boardView: unknown = $derived.by(() => {
    const views = this.snapshot()?.views ?? [];
    return (views.find((v) => v.seat === this.boardSeat) ?? views[0])?.view ?? null;
  });

  constructor(snapshot: () => RoomSnapshot | null) {
    this.snapshot = snapshot;
  }

  /** The tap on the privacy screen: now show that player's hand. */
  reveal(): void {
    this.revealed = this.curtainFor;
  }
}
