/**
 * Keeps the keyboard's place on the board. A control that vanishes or is disabled after a move (a
 * confirm button, a removed tile, a cell disabled while the move is on its way) drops the focus to
 * the page, and the next Tab starts again from the top of it. When the focus was last on the board
 * and has fallen to the page, it goes back to the board's stage: the next Tab goes on inside it.
 */
export class BoardFocus {
  private onBoard = false;

  constructor(private readonly stage: () => HTMLElement | undefined) {}

  /** For the document's focusin: where the focus went last. */
  readonly focusin = (event: FocusEvent): void => {
    this.onBoard = event.target instanceof Node && (this.stage()?.contains(event.target) ?? false);
  };

  /** Once the board has drawn the change (the next task): the focus back on the stage if it fell from the board. */
  restoreSoon(): void {
    setTimeout(() => {
      const active = document.activeElement;
      if (this.onBoard && (active === null || active === document.body)) this.stage()?.focus({ preventScroll: true });
    }, 0);
  }
}
