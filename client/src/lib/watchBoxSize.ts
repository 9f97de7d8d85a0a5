/**
 * Calls `update` now and whenever the box or one of its children changes size, or children come and
 * go: what a box's overflow depends on (a font loading widens its children, not the box).
 * Returns the function that stops watching.
 */
export function watchBoxSize(node: HTMLElement, update: () => void): () => void {
  const sizes = new ResizeObserver(update);
  const watchChildren = (): void => {
    for (const child of node.children) sizes.observe(child);
  };
  const children = new MutationObserver(() => {
    watchChildren();
    update();
  });
  sizes.observe(node);
  watchChildren();
  children.observe(node, { childList: true });
  update();
  return () => {
    sizes.disconnect();
    children.disconnect();
  };
}
