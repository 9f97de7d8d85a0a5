import { watchBoxSize } from "./watchBoxSize";

/** The parts of a box's layout that say whether it scrolls. */
export interface ScrollBox {
  readonly scrollWidth: number;
  readonly clientWidth: number;
  readonly scrollHeight: number;
  readonly clientHeight: number;
}

/** Whether the content is larger than the box in either direction (a pixel of rounding aside). */
export const overflows = (box: ScrollBox): boolean => box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;

/**
 * A Svelte action for a box that scrolls only on some screens (a row of players on a phone, a
 * score table on a narrow one): while its content overflows it is a tab stop (tabindex 0), so a
 * keyboard can scroll it (WCAG 2.1.1: a scrollable region must be reachable); while it fits it is
 * none. The element needs a name (aria-label) and, unless it has a role of its own, role="region".
 * Re-checked when the box or its children change size, or children come and go.
 */
export function focusWhenScrolls(node: HTMLElement): { destroy(): void } {
  const update = (): void => {
    if (overflows(node)) node.tabIndex = 0;
    else node.removeAttribute("tabindex");
  };
  return { destroy: watchBoxSize(node, update) };
}
