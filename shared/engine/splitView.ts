import type { Seat } from "./types";

/**
 * A game's view in two parts: what every seat (and a spectator) sees alike, and what only `seat`
 * sees. A seat's view is `{ ...shared(state), ...own(state, seat) }`, and no field is in both. The
 * server builds and serialises the shared part once per change instead of once per watching seat.
 */
export interface ViewParts<State, Shared extends object, Own extends object> {
  shared(state: State): Shared;
  own(state: State, seat: Seat | null): Own;
}

/** A GameDefinition's `view` and `viewParts` from the two parts, so they cannot disagree. */
export function splitView<State, Shared extends object, Own extends object>(
  parts: ViewParts<State, Shared, Own>,
): { view(state: State, seat: Seat | null): Shared & Own; viewParts: ViewParts<State, Shared, Own> } {
  return { view: (state, seat) => ({ ...parts.shared(state), ...parts.own(state, seat) }), viewParts: parts };
}
