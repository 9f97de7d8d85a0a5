import { afterPaint } from "./afterPaint";

/**
 * A flag that turns true in a task of its own after the first paint that follows `ready()` becoming
 * true (see afterPaint), for a component that draws its main part first and the rest just after.
 * To be called while a component initialises (it owns an effect).
 */
export function shownAfterPaint(ready: () => boolean): { readonly shown: boolean } {
  let shown = $state(false);
  $effect(() => {
    if (shown || !ready()) return;
    return afterPaint(() => (shown = true));
  });
  return {
    get shown() {
      return shown;
    },
  };
}
