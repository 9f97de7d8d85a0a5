import type { Seat, ViewParts } from "./types";

/** A GameDefinition's `view` and `viewParts` from the two parts, so they cannot disagree. */
export function splitView<State, Shared extends object, Own extends object>(
  parts: ViewParts<State, Shared, Own>,
): { view(state: State, seat: Seat | null): Shared & Own; viewParts: ViewParts<State, Shared, Own> } {
  return { view: (state, seat) => ({ ...parts.shared(state), ...parts.own(state, seat) }), viewParts: parts };
}
