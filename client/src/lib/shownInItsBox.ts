/**
 * How far a box scrolled by `scrollTop` must scroll so that a child spanning `top`..`bottom` (in the
 * box's content, from its top) shows whole in its `height`: the least move, none when it shows
 * already; a child taller than the box shows from its top.
 */
export function scrollTopShowing(scrollTop: number, height: number, top: number, bottom: number): number {
  if (top < scrollTop || bottom - top > height) return top;
  if (bottom > scrollTop + height) return bottom - height;
  return scrollTop;
}

/**
 * A Svelte action for a message that must be read when it appears (why a tap was refused) but may be
 * drawn in a column that scrolls (a phone held sideways with the chat open): the nearest box that
 * scrolls vertically scrolls it into sight. Never the page itself: scrollIntoView would move the
 * board away.
 */
export function shownInItsBox(node: HTMLElement): void {
  let box = node.parentElement;
  while (box !== null && !(box.scrollHeight > box.clientHeight + 1 && /auto|scroll/u.test(getComputedStyle(box).overflowY))) box = box.parentElement;
  if (box === null || box === document.scrollingElement || box === document.body) return;
  const from = box.getBoundingClientRect().top - box.scrollTop + box.clientTop;
  const rect = node.getBoundingClientRect();
  box.scrollTop = scrollTopShowing(box.scrollTop, box.clientHeight, rect.top - from, rect.bottom - from);
}
