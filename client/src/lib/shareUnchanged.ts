/**
 * `next`, with every part that is deep-equal to the same part of `previous` replaced by that part of
 * `previous`: the same value, sharing what did not change. A page that swaps its copy of a room for
 * the server's answer (roomState.svelte.ts) then recomputes only what reads a changed part — Svelte's
 * deriveds stop where a value is the same object — instead of the whole table (issue 31). Plain JSON
 * data only (what a socket brings): arrays and plain objects are compared by content, the rest with
 * `Object.is`.
 */
export function shareUnchanged<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next)) return next;
  if (Array.isArray(next)) {
    if (!Array.isArray(previous)) return next;
    const shared = next.map((item, i) => shareUnchanged(previous[i], item));
    return (shared.length === previous.length && shared.every((item, i) => item === previous[i]) ? previous : shared) as T;
  }
  if (!isPlainObject(next) || !isPlainObject(previous) || Array.isArray(previous)) return next;
  const keys = Object.keys(next);
  const shared: Record<string, unknown> = {};
  let same = keys.length === Object.keys(previous).length;
  for (const key of keys) {
    const before = Object.hasOwn(previous, key) ? previous[key] : undefined;
    const value = shareUnchanged(before, next[key]);
    // Defined, not assigned: JSON may bring an own "__proto__" key, which an assignment would
    // take as the object's prototype.
    Object.defineProperty(shared, key, { value, enumerable: true, writable: true, configurable: true });
    if (value !== before || !Object.hasOwn(previous, key)) same = false;
  }
  return (same ? previous : shared) as T;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}
