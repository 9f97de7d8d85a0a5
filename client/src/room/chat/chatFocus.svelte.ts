import { untrack } from "svelte";

/**
 * Opened, the focus goes to the chat (its title: no keyboard popping up on a phone); closed, back to
 * the button that opened it, if it was in the chat (the chat is hidden then, and the focus would be
 * lost). Only on a change: a chat open from the start takes no focus. Call from a component's setup.
 */
export function focusFollowsChat(isOpen: () => boolean, heading: () => HTMLElement | undefined, panel: () => HTMLElement | undefined): void {
  let wasOpen = untrack(isOpen);
  $effect(() => {
    const open = isOpen();
    if (open === wasOpen) return;
    wasOpen = open;
    if (open) heading()?.focus({ preventScroll: true });
    else if (document.activeElement === document.body || (panel()?.contains(document.activeElement) ?? false)) document.getElementById("chat-toggle")?.focus({ preventScroll: true });
  });
}
