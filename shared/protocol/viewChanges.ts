import equal from "fast-deep-equal";

/** A view as a push may carry it: whole, or only its top-level fields that changed. */
export type ViewChanges = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The top-level fields of `current` that differ from `previous`, or null when the view must go whole
 * (not both plain objects, or a field of `previous` is gone). Top-level fields only: a game's view is
 * a record of a few parts (board, hand, scores…), of which a move usually changes some.
 */
export function viewChanges(previous: unknown, current: unknown): ViewChanges | null {
  if (!isRecord(previous) || !isRecord(current)) return null;
  for (const key in previous) if (!(key in current)) return null;
  const changes: Record<string, unknown> = {};
  for (const key in current) if (previous[key] !== current[key] && !equal(previous[key], current[key])) changes[key] = current[key];
  return changes;
}

/** The view `viewChanges(held, current)` was worked out from, rebuilt from what the client holds. */
export function withViewChanges(held: unknown, changes: ViewChanges): unknown {
  return isRecord(held) ? { ...held, ...changes } : null;
}

export const sameValue = (a: unknown, b: unknown): boolean => a === b || equal(a, b);
