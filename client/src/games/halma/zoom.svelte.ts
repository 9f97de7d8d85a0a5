import { zoomKeepingPoint } from "../pinchZoom";

/** Where the zoom buttons stop: 1 is the whole board in the space it has (Grid.svelte), 2.2 cells big enough for a finger. */
export const ZOOM_STOPS = [1, 1.5, 2.2] as const;
const MIN_ZOOM = ZOOM_STOPS[0];
const MAX_ZOOM = ZOOM_STOPS[ZOOM_STOPS.length - 1]!;
const EPSILON = 0.001;

/**
 * Halma's zoom: the buttons go from stop to stop, a pinch (or ctrl-wheel) anywhere between the first
 * and the last (pinchZoom.ts), keeping the point under the fingers where it was.
 */
export class HalmaZoom {
  zoom: number = $state(MIN_ZOOM);
  // Within a twentieth of either end (where a pinch may stop) a button would hardly show: it is off.
  readonly canZoomOut: boolean = $derived(this.zoom > MIN_ZOOM * 1.05);
  readonly canZoomIn: boolean = $derived(this.zoom < MAX_ZOOM / 1.05);
  scroller: HTMLElement | null = null; // the board's scroll container, set by the board

  /** Sets the zoom keeping the content point under (x, y) (relative to the scroller; default its centre) in place. */
  async setZoom(next: number, x?: number, y?: number): Promise<void> {
    const target = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, next));
    const el = this.scroller;
    if (el === null || Math.abs(target - this.zoom) < EPSILON) {
      this.zoom = target;
      return;
    }
    // The board's side is proportional to the zoom.
    await zoomKeepingPoint(el, target / this.zoom, () => (this.zoom = target), x, y);
  }

  /** The next stop up, from wherever a pinch left the zoom (a stop less than a tenth away is passed: a tap must show). */
  stepIn(): Promise<void> {
    return this.setZoom(ZOOM_STOPS.find((stop) => stop > this.zoom * 1.1) ?? MAX_ZOOM);
  }

  /** The next stop down (the same). */
  stepOut(): Promise<void> {
    return this.setZoom([...ZOOM_STOPS].reverse().find((stop) => stop < this.zoom / 1.1) ?? MIN_ZOOM);
  }
}
