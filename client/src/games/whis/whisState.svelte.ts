import { choosesElement, ELEMENTS, type Card, type Element, type WhisMove, type WhisView } from "../../../../shared/games/whis";
import { SeatsCtrl } from "../seatsCtrl";
import { drawAction, hintTarget, playMove, step, whyNot, type DrawAction, type HintTarget, type Illegal } from "./play";
import { asWhisView } from "./view";

/**
 * The WHIS table as this player sees it: the server's view plus the selection (a hand card, or an
 * element while choosing after a Prism/Light/Darkness). Components only read it and call actions;
 * the keyboard (arrows, Enter, Shift) goes through `key`.
 */
export class WhisCtrl extends SeatsCtrl {
  selected = $state(0); // hand index under the keyboard / tap selection
  choosing: number | null = $state(null); // hand index of a card waiting for its element
  elementIndex = $state(0); // the element under the selection while choosing
  armed: number | null = $state(null); // hand index selected by a tap: a second tap on it plays it
  busy = $state(false); // a move is on its way; blocks double sends
  illegal: Illegal | null = $state(null); // why the last attempted card cannot be played
  roundsSeen = $state(-1); // round results already acknowledged (-1: not initialised)

  readonly view: WhisView | null = $derived.by(() => asWhisView(this.props().view));
  /** The hand, only when this screen may show its seat's private side. */
  readonly hand: readonly Card[] = $derived.by(() => (this.props().seat === null ? [] : (this.view?.hand ?? [])));
  readonly me: number | null = $derived.by(() => (this.props().seat === null ? null : (this.view?.seat ?? null)));
  /** `me` when it is this device's seat (a replay may show another's): the one called "you". */
  readonly youSeat: number | null = $derived.by(() => (this.props().seatIsYours === false ? null : this.me));
  readonly myTurn: boolean = $derived.by(() => {
    const { seat, currentSeats, readOnly } = this.props();
    return readOnly !== true && this.view !== null && !this.view.finished && seat !== null && this.view.hand !== null && currentSeats.includes(seat);
  });
  readonly drawAction: DrawAction | null = $derived(this.myTurn && this.view !== null ? drawAction(this.view) : null);
  readonly hint: HintTarget | null = $derived.by(() => {
    const move = this.props().hint as WhisMove | undefined; // checked by the room with the move schema
    return move !== undefined && this.myTurn && this.view !== null ? hintTarget(this.view, move) : null;
  });
  readonly selectedPlayable: boolean = $derived(this.view?.playable?.[this.selected] === true && this.myTurn);

  /** A new position: keep the selection in the hand, on the drawn card or a playable one if any. */
  reset(): void {
    this.choosing = null;
    this.armed = null;
    this.illegal = null;
    const view = this.view;
    const length = this.hand.length;
    if (view === null || length === 0) {
      this.selected = 0;
      return;
    }
    if (this.myTurn) {
      const playable = view.playable ?? [];
      const first = view.phase === "drawn" ? length - 1 : playable.findIndex(Boolean);
      if (first >= 0 && playable[this.selected] !== true) this.selected = first;
    }
    if (this.selected >= length) this.selected = length - 1;
  }

  select(index: number): void {
    if (this.hand[index] === undefined) return;
    this.choosing = null;
    this.armed = null;
    this.selected = index;
    this.illegal = this.view === null ? null : whyNot(this.view, index, this.myTurn);
  }

  /**
   * A tap on a hand card: the first tap selects it, a second tap on it plays it. A selection made
   * by the keyboard or kept from the last position is not "armed": tapping it only confirms it.
   */
  tap(index: number): void {
    if (this.armed === index && this.selected === index && this.choosing === null && this.myTurn) {
      void this.playSelected();
      return;
    }
    this.select(index);
    this.armed = index;
  }

  /** Plays the selected card, or opens the element choice for a Prism, Light or Darkness. */
  async playSelected(): Promise<void> {
    const view = this.view;
    const card = this.hand[this.selected];
    if (view === null || card === undefined || !this.myTurn) return;
    const illegal = whyNot(view, this.selected, this.myTurn);
    this.illegal = illegal;
    if (illegal !== null) return;
    if (choosesElement(card)) {
      this.choosing = this.selected;
      const suggested = this.hint?.index === this.selected ? this.hint.element : null;
      this.elementIndex = Math.max(0, ELEMENTS.indexOf(suggested ?? view.asked));
      return;
    }
    await this.send(playMove(card));
  }

  async chooseElement(element: Element): Promise<void> {
    const card = this.choosing === null ? undefined : this.hand[this.choosing];
    if (card === undefined || !this.myTurn) return;
    if (await this.send(playMove(card, element))) this.choosing = null;
  }

  cancelChoice(): void {
    this.choosing = null;
  }

  /** Draw, pass or keep: whatever the draw button (Shift) means now. */
  async drawOrPass(): Promise<void> {
    const action = this.drawAction;
    if (action === null) return;
    this.choosing = null;
    await this.send({ type: action });
  }

  /**
   * The seed's keys: ← → select a card (or an element while choosing), Enter plays (or confirms
   * the element), Shift draws / passes / keeps, Escape cancels the choice. Returns whether the key
   * was used (the caller then prevents the browser's default).
   */
  key(key: string): boolean {
    if (this.choosing !== null) {
      if (key === "ArrowLeft" || key === "ArrowRight") {
        this.elementIndex = step(this.elementIndex, key === "ArrowLeft" ? -1 : 1, ELEMENTS.length);
        return true;
      }
      if (key === "Enter") {
        const element = ELEMENTS[this.elementIndex];
        if (element !== undefined) void this.chooseElement(element);
        return true;
      }
      if (key === "Escape") {
        this.cancelChoice();
        return true;
      }
    }
    if (key === "ArrowLeft" || key === "ArrowRight") {
      if (this.hand.length === 0) return false;
      this.select(step(this.selected, key === "ArrowLeft" ? -1 : 1, this.hand.length));
      return true;
    }
    if (key === "Enter") {
      if (!this.myTurn) return false;
      void this.playSelected();
      return true;
    }
    if (key === "Shift") {
      if (this.drawAction === null) return false;
      void this.drawOrPass();
      return true;
    }
    return false;
  }

  private async send(move: WhisMove): Promise<boolean> {
    if (this.busy || !this.myTurn) return false;
    this.busy = true;
    try {
      const result = await this.props().sendMove(move);
      return result.ok;
    } finally {
      this.busy = false;
    }
  }
}
