/** What a board's highlights show by colour or outline, each a word of `table.states`. */
export type SpokenState = "canPlace" | "placedNow" | "lastMove" | "playable" | "canTurn" | "canEnd" | "nextHop";

/**
 * A cell's or card's accessible name with what its highlight shows ("e5, the move can end here"):
 * a screen reader hears where a move can go, as a sighted player sees it lit. `states` maps each
 * state to whether it holds.
 */
export function withStates(name: string, states: Partial<Record<SpokenState, boolean>>, t: (id: string) => string): string {
  const said = (Object.keys(states) as SpokenState[]).filter((state) => states[state] === true).map((state) => t(`table.states.${state}`));
  return [name, ...said].join(", ");
}
