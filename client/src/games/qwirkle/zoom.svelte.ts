import { attachPinchZoom, zoomKeepingPoint } from "../pinchZoom";

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
    await zoomKeepingPoint(el, Math.round(BASE_CELL_PX * target) / this.cellPx, () => (this.zoom = target), x, y);
  }

  zoomIn(): Promise<void> {
    return this.setZoom(this.zoom * STEP);
  }

  zoomOut(): Promise<void> {
    return this.setZoom(this.zoom / STEP);
  }

  /** The zoom at which `cols` × `rows` cells (plus the label row/column) fit the scroller. */
  fit(cols: number, rows: number): Promise<void> {
    const el = this.scroller;
    if (el === null) return Promise.resolve();
    const byWidth = el.clientWidth / ((cols + 1) * BASE_CELL_PX);
    const byHeight = el.clientHeight / ((rows + 1) * BASE_CELL_PX);
    return this.setZoom(Math.min(byWidth, byHeight));
  }
}

/** Pinch and ctrl-wheel zoom on the board's scroller (pinchZoom.ts), which this also scrolls. Returns the cleanup. */
export function attachZoom(el: HTMLElement, ctrl: ZoomCtrl): () => void {
  ctrl.scroller = el;
  const detach = attachPinchZoom(el, ctrl);
  return () => {
    ctrl.scroller = null;
    detach();
  };
}
