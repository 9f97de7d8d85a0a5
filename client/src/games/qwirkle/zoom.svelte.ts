import { tick } from "svelte";

export const BASE_CELL_PX = 40; // a cell's side at zoom 1
const MIN_ZOOM = 0.35;
const MAX_ZOOM = 2.5;
const STEP = 1.25;

const clamp = (zoom: number): number => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom));

/** The board's zoom level, and keeping the point under the fingers/cursor still while it changes. */
export class ZoomCtrl {
  zoom: number = $state(1);
  readonly cellPx: number = $derived(Math.round(BASE_CELL_PX * this.zoom));
  scroller: HTMLElement | null = null; // the board's scroll container, set by the component

  constructor(start = 1) {
    this.zoom = clamp(start);
  }

  /**
   * Sets the zoom keeping the content point under (x, y) (relative to the scroller) in place;
   * without a point, the centre of the scroller stays put.
   */
  async setZoom(next: number, x?: number, y?: number): Promise<void> {
    const el = this.scroller;
    const target = clamp(next);
    if (el === null) {
      this.zoom = target;
      return;
    }
    const ax = x ?? el.clientWidth / 2;
    const ay = y ?? el.clientHeight / 2;
    const ratio = Math.round(BASE_CELL_PX * target) / this.cellPx;
    const contentX = el.scrollLeft + ax;
    const contentY = el.scrollTop + ay;
    this.zoom = target;
    await tick(); // let the grid take its new size before scrolling inside it
    el.scrollLeft = contentX * ratio - ax;
    el.scrollTop = contentY * ratio - ay;
  }

  zoomIn(): void {
    void this.setZoom(this.zoom * STEP);
  }

  zoomOut(): void {
    void this.setZoom(this.zoom / STEP);
  }

  /** The zoom at which `cols` × `rows` cells (plus the label row/column) fit the scroller. */
  fit(cols: number, rows: number): void {
    const el = this.scroller;
    if (el === null) return;
    const byWidth = el.clientWidth / ((cols + 1) * BASE_CELL_PX);
    const byHeight = el.clientHeight / ((rows + 1) * BASE_CELL_PX);
    void this.setZoom(Math.min(byWidth, byHeight));
  }
}

/**
 * Ctrl/⌘-wheel (and trackpad pinch, which browsers report as ctrl-wheel) and two-finger pinch on
 * the scroller. One-finger scrolling stays native: the scroller has `touch-action: pan-x pan-y`,
 * so the browser leaves pinches to us instead of zooming the whole page. Returns the cleanup.
 */
export function attachZoom(el: HTMLElement, ctrl: ZoomCtrl): () => void {
  ctrl.scroller = el;
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
    void ctrl.setZoom(ctrl.zoom * Math.exp(-event.deltaY / 300), x, y);
  };
  const onTouchStart = (event: TouchEvent): void => {
    const s = event.touches.length === 2 ? spread(event.touches) : null;
    pinch = s === null || s.distance === 0 ? null : { distance: s.distance, zoom: ctrl.zoom };
  };
  const onTouchMove = (event: TouchEvent): void => {
    if (pinch === null || event.touches.length !== 2) return;
    const s = spread(event.touches);
    if (s === null) return;
    event.preventDefault();
    const [x, y] = local(s.x, s.y);
    void ctrl.setZoom((pinch.zoom * s.distance) / pinch.distance, x, y);
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
    ctrl.scroller = null;
    el.removeEventListener("wheel", onWheel);
    el.removeEventListener("touchstart", onTouchStart);
    el.removeEventListener("touchmove", onTouchMove);
    el.removeEventListener("touchend", onTouchEnd);
    el.removeEventListener("touchcancel", onTouchEnd);
  };
}
