/** How far (px) a pointer must travel before a press on a hand tile becomes a drag rather than a tap. */
const DRAG_THRESHOLD_PX = 8;

/** The cell under a screen point, read from the board cells' data-row/data-col attributes. */
function cellAt(x: number, y: number): { row: number; col: number } | null {
  const cell = document.elementFromPoint(x, y)?.closest<HTMLElement>("[data-row][data-col]");
  if (cell === null || cell === undefined) return null;
  const row = Number(cell.dataset["row"]);
  const col = Number(cell.dataset["col"]);
  return Number.isInteger(row) && Number.isInteger(col) ? { row, col } : null;
}

/**
 * Dragging a hand tile onto the board with pointer events (mouse, pen and touch alike). The hand
 * tiles have `touch-action: none` so a finger drag reaches us instead of scrolling the page.
 */
export class DragCtrl {
  ghost: { handIndex: number; x: number; y: number } | null = $state(null); // the tile following the pointer
  private press: { pointerId: number; handIndex: number; x: number; y: number } | null = null;
  private dragged = false; // swallow the click that follows a drop

  constructor(
    private readonly canDrag: () => boolean,
    private readonly onDrop: (handIndex: number, row: number, col: number) => void,
  ) {}

  down(event: PointerEvent, handIndex: number): void {
    if (!this.canDrag() || (event.pointerType === "mouse" && event.button !== 0)) return;
    this.press = { pointerId: event.pointerId, handIndex, x: event.clientX, y: event.clientY };
    this.dragged = false;
    if (event.currentTarget instanceof Element) event.currentTarget.setPointerCapture(event.pointerId);
  }

  move(event: PointerEvent): void {
    const press = this.press;
    if (press === null || press.pointerId !== event.pointerId) return;
    const far = Math.hypot(event.clientX - press.x, event.clientY - press.y) > DRAG_THRESHOLD_PX;
    if (this.ghost !== null || far) this.ghost = { handIndex: press.handIndex, x: event.clientX, y: event.clientY };
  }

  up(event: PointerEvent): void {
    const press = this.press;
    if (press === null || press.pointerId !== event.pointerId) return;
    if (this.ghost !== null) {
      this.dragged = true;
      const cell = cellAt(event.clientX, event.clientY);
      if (cell !== null) this.onDrop(press.handIndex, cell.row, cell.col);
    }
    this.press = null;
    this.ghost = null;
  }

  cancel(): void {
    this.press = null;
    this.ghost = null;
  }

  /** True once after a drag ended: the click the browser fires next is not a tap. */
  consumeClick(): boolean {
    const was = this.dragged;
    this.dragged = false;
    return was;
  }
}
