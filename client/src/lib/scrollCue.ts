import { watchBoxSize } from "./watchBoxSize";

/** The parts of a sideways-scrolling box's layout that say what it hides. */
export interface SidewaysBox {
  readonly scrollLeft: number;
  readonly scrollWidth: number;
  readonly clientWidth: number;
}

/** Whether content lies past the box's left and right edges (a pixel of rounding aside). */
export const hiddenSides = (box: SidewaysBox): { start: boolean; end: boolean } => ({
  start: box.scrollLeft > 1,
  end: box.scrollWidth - box.clientWidth - box.scrollLeft > 1,
});

/**
 * A Svelte action for a row that scrolls sideways (the chat's quick phrases on a touch screen, where
 * scrollbars are hidden): `data-more-start` / `data-more-end` say while content lies past its left /
 * right edge, for its style to fade that edge, the sign that there is more.
 */
export function scrollCue(node: HTMLElement): { destroy(): void } {
  const mark = (): void => {
    const { start, end } = hiddenSides(node);
    node.toggleAttribute("data-more-start", start);
    node.toggleAttribute("data-more-end", end);
  };
  node.addEventListener("scroll", mark, { passive: true });
  const stop = watchBoxSize(node, mark);
  return {
    destroy() {
      stop();
      node.removeEventListener("scroll", mark);
    },
  };
}
