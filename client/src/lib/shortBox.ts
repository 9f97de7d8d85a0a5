/**
 * Marks a box `data-short` while it is short on an upright screen: under `maxRem` rem tall (a phone
 * with the chat open, a small phone, Safari's bars). The screen's orientation, not the box's: on a
 * 375×667 phone with the chat open the table is wider than tall, yet a phone held sideways has its
 * own layout (the chat beside the table). The room's table is such a box; a board
 * folds its parts there with `:global([data-short]) …`, which no media query can tell.
 *
 * Not a size container (`container-type: size`): Safari before 18.4 and Chrome before 129 make one
 * the containing block of its `position: fixed` descendants, and WHIS's round result and Qwirkle's
 * drag ghost would be placed from the table's corner, not the screen's.
 */
export function shortBox(node: HTMLElement, maxRem = 30): { destroy(): void } {
  const upright = window.matchMedia("(orientation: portrait)");
  const update = (): void => {
    const rem = Number.parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
    // Its content's height: a box that scrolls keeps room for focus rings in its padding (app.css --ring-room).
    const style = getComputedStyle(node);
    const height = node.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom);
    node.toggleAttribute("data-short", height > 0 && height < maxRem * rem && upright.matches);
  };
  const observer = new ResizeObserver(update);
  observer.observe(node);
  update();
  return { destroy: () => observer.disconnect() };
}
