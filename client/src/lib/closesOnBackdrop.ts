/**
 * A Svelte action for a modal `<dialog>`: a tap on the dimmed page around it closes it, as a phone's
 * user expects (there is no Escape key there). A tap on the backdrop reaches the dialog element
 * itself, outside its box; a tap on its own padding is inside the box, and a keyboard's click on a
 * button inside has the button as its target.
 */
export function closesOnBackdrop(dialog: HTMLDialogElement): { destroy(): void } {
  const onClick = (event: MouseEvent): void => {
    if (event.target !== dialog || !dialog.open) return;
    const box = dialog.getBoundingClientRect();
    const inside = event.clientX >= box.left && event.clientX <= box.right && event.clientY >= box.top && event.clientY <= box.bottom;
    if (!inside) dialog.close();
  };
  dialog.addEventListener("click", onClick);
  return { destroy: () => dialog.removeEventListener("click", onClick) };
}
