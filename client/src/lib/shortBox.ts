/**
 * Marks a box `data-short` while it is short: under `maxRem` rem tall and at least as tall as it is
 * wide (an upright phone with the chat open, a small phone). The room's table is such a box; a board
 * folds its parts there with `:global([data-short]) …`, which no media query can tell.
 *
 * Not a size container (`container-type: size`): Safari before 18.4 and Chrome before 129 make one
 * the containing block of its `position: fixed` descendants, and WHIS's round result and Qwirkle's
 * drag ghost would be placed from the table's corner, not the screen's.
 */
export function shortBox(node: HTMLElement, maxRem = 28): { destroy(): void } {
  const update = (): void => {
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    const { width, height } = node.getBoundingClientRect();
    node.toggleAttribute("data-short", height > 0 && height < maxRem * rem && height >= width);
  };
  const observer = new ResizeObserver(update);
  observer.observe(node);
  update();
  return { destroy: () => observer.disconnect() };
}
