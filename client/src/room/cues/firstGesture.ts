import { activatesPage, GESTURE_EVENTS } from "./cuePlan";

let seen = false; // an activating event was seen (consulted only where the browser does not say)
const waiting = new Set<() => void>();
const OPTIONS = { capture: true, passive: true } as const;

/**
 * Whether the page has had its first user gesture (the browser's "sticky activation"): from then
 * on it may make sound and vibrate.
 */
export function pageActivated(): boolean {
  return "userActivation" in navigator ? navigator.userActivation.hasBeenActive : seen;
}

/**
 * Calls `then` once, in the handler of the next user gesture on the page (a tap, a click, a key):
 * some browsers (Safari) only let an AudioContext start inside one, even after an earlier gesture.
 * Returns a function that cancels the call.
 */
export function atNextGesture(then: () => void): () => void {
  if (waiting.size === 0) for (const type of GESTURE_EVENTS) window.addEventListener(type, onInput, OPTIONS);
  waiting.add(then);
  return () => {
    waiting.delete(then);
    if (waiting.size === 0) stopListening();
  };
}

function onInput(event: Event): void {
  // Read by name: older browsers have no PointerEvent class to test against.
  const facts = {
    type: event.type,
    ...("pointerType" in event && { pointerType: String(event.pointerType) }),
    ...("key" in event && { key: String(event.key) }),
  };
  // The start of a touch is not a gesture yet (it may become a scroll): wait for its end.
  if (!event.isTrusted || !activatesPage(facts)) return;
  seen = true;
  if (!pageActivated()) return;
  stopListening();
  const callbacks = [...waiting];
  waiting.clear();
  for (const callback of callbacks) callback();
}

function stopListening(): void {
  for (const type of GESTURE_EVENTS) window.removeEventListener(type, onInput, OPTIONS);
}
