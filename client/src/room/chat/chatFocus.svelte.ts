import { untrack } from "svelte";

/**
 * Opened, the focus goes to the chat (its title: no keyboard popping up on a phone); closed, back to
 * what had it when the chat opened (its button, usually; else the button), if the focus was in the
 * chat (the chat is hidden then, and the focus would be lost). Only on a change: a chat open from the start takes no
 * focus. Call from a component's setup.
 */
export function focusFollowsChat(isOpen: () => boolean, heading: () => HTMLElement | undefined, panel: () => HTMLElement | undefined): void {
  let wasOpen = untrack(isOpen);
  let opener: HTMLElement | null = null;
  $effect(() => {
    const open = isOpen();
    if (open === wasOpen) return;
    wasOpen = open;
    if (open) {
      const focused = document.activeElement;
      opener = focused instanceof HTMLElement && focused !== document.body && !(panel()?.contains(focused) ?? false) ? focused : null;
      heading()?.focus({ preventScroll: true });
      return;
    }
    const lost = document.activeElement === document.body || (panel()?.contains(document.activeElement) ?? false);
    if (lost) {
      opener?.focus({ preventScroll: true });
      // No opener, or gone, hidden or inert (Safari does not focus a button on a click; starting the
      // game lays the room out anew): the chat's own button.
      if (document.activeElement !== opener) document.getElementById("chat-toggle")?.focus({ preventScroll: true });
    }
    opener = null;
  });
}
