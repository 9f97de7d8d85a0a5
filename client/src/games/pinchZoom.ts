import { tick } from "svelte";

/** A board that zooms: its zoom level, and setting it with the content point under (x, y) kept in place. */
export interface Zoomable {
  readonly zoom: number;
  /** (x, y): relative to the scroller; without them, its centre. */
  setZoom(next: number, x?: number, y?: number): unknown;
}

/**
 * Ctrl/⌘-wheel (and trackpad pinch, which browsers report as ctrl-wheel) and two-finger pinch on a
 * board's scroller, zooming `board` about the point under the fingers or the cursor. One-finger
 * scrolling stays native: the scroller needs `touch-action: pan-x pan-y`, so that the browser leaves
 * pinches to us instead of zooming the whole page. Returns the cleanup.
 */
export function attachPinchZoom(el: HTMLElement, board: Zoomable): () => void {
  let pinch: { distance: number; zoom: number } | null = null;

  const local = (clientX: number, clientY: number): [number, number] => {
    const rect = el.getBoundingClientRect();
    return [clientX - rect.left, clientY - rect.top];
  };
  const spread = (touches: TouchList): { distance: number; x: number; y: number } | null => {
    const a = touches[0];
    const b = touches[1];
    if (a === undefined || b === undefined) return null;
    const distance = Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);
    return { distance, x: (a.clientX + b.clientX) / 2, y: (a.clientY + b.clientY) / 2 };
  };

  const onWheel = (event: WheelEvent): void => {
    if (!event.ctrlKey && !event.metaKey) return;
    event.preventDefault();
    const [x, y] = local(event.clientX, event.clientY);
    void board.setZoom(board.zoom * Math.exp(-event.deltaY / 300), x, y);
  };
  const onTouchStart = (event: TouchEvent): void => {
    const s = event.touches.length === 2 ? spread(event.touches) : null;
    pinch = s === null || s.distance === 0 ? null : { distance: s.distance, zoom: board.zoom };
  };
  const onTouchMove = (event: TouchEvent): void => {
    if (pinch === null || event.touches.length !== 2) return;
    const s = spread(event.touches);
    if (s === null) return;
    event.preventDefault();
    const [x, y] = local(s.x, s.y);
    void board.setZoom((pinch.zoom * s.distance) / pinch.distance, x, y);
  };
  const onTouchEnd = (event: TouchEvent): void => {
    if (event.touches.length < 2) pinch = null;
  };

  el.addEventListener("wheel", onWheel, { passive: false });
  el.addEventListener("touchstart", onTouchStart, { passive: true });
  el.addEventListener("touchmove", onTouchMove, { passive: false });
  el.addEventListener("touchend", onTouchEnd);
  el.addEventListener("touchcancel", onTouchEnd);
  return () => {
    el.removeEventListener("wheel", onWheel);
    el.removeEventListener("touchstart", onTouchStart);
    el.removeEventListener("touchmove", onTouchMove);
    el.removeEventListener("touchend", onTouchEnd);
    el.removeEventListener("touchcancel", onTouchEnd);
  };
}

/**
 * Changes a board's zoom (`apply`, which makes it `ratio` times as large) keeping the content point at
 * (x, y) of its scroller (default: the scroller's centre) where it was on screen. The point is taken
 * on the board cell under it (`data-row` and `data-col`), else on the board (the scroller's first
 * element), which stays exact where the board does not simply grow from the scroller's top left
 * corner (a board centred by its margins while smaller than the scroller, labels that keep their
 * size); with neither, the content is taken to grow from that corner.
 */
export async function zoomKeepingPoint(el: HTMLElement, ratio: number, apply: () => void, x?: number, y?: number): Promise<void> {
  const view = el.getBoundingClientRect();
  const px = view.left + (x ?? el.clientWidth / 2);
  const py = view.top + (y ?? el.clientHeight / 2);
  // A cell (labels stuck to the scroller's edges do not move with the zoom), else the board itself.
  const cell = el.ownerDocument.elementFromPoint(px, py)?.closest("[data-row][data-col]") ?? null;
  const anchor = cell !== null && el.contains(cell) ? cell : el.firstElementChild;
  const before = anchor?.getBoundingClientRect() ?? null;
  const contentX = el.scrollLeft + px - view.left;
  const contentY = el.scrollTop + py - view.top;
  apply();
  await tick(); // the board takes its new size before the scroll inside it
  if (anchor !== null && before !== null && before.width > 0 && before.height > 0 && anchor.isConnected) {
    const after = anchor.getBoundingClientRect();
    el.scrollLeft += after.left + ((px - before.left) / before.width) * after.width - px;
    el.scrollTop += after.top + ((py - before.top) / before.height) * after.height - py;
    return;
  }
  el.scrollLeft = contentX * ratio - (px - view.left);
  el.scrollTop = contentY * ratio - (py - view.top);
}
