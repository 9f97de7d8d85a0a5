import { LIMITS } from "./limits";
import type { LogEntry, RoomSnapshot } from "./messages";

/**
 * Pushed snapshots carry only the log entries the socket has not been sent yet (the answer to
 * `room:watch` carries the whole tail). Merging by move number makes both cases one rule: entries
 * from the first incoming move on are replaced, older ones kept, and the tail trimmed.
 */
export function mergeLog(known: readonly LogEntry[], incoming: readonly LogEntry[]): readonly LogEntry[] {
  const first = incoming[0];
  if (first === undefined) return known;
  return [...known.filter((entry) => entry.moveNumber < first.moveNumber), ...incoming].slice(-LIMITS.logTail);
}

/** True when `incoming` does not follow on from `known`: some pushed entries were missed. */
export function logHasGap(known: readonly LogEntry[], incoming: readonly LogEntry[]): boolean {
  const last = known.at(-1);
  const first = incoming[0];
  return last !== undefined && first !== undefined && first.moveNumber > last.moveNumber + 1;
}

/**
 * True when `incoming` describes an older state of the room `current` shows. The answer to a
 * `room:watch` is built before the handler returns, and a change pushed meanwhile can reach the
 * client first; taking that answer would undo the change on screen until the next one.
 */
export function isOlderSnapshot(current: RoomSnapshot | null, incoming: RoomSnapshot): boolean {
  return current !== null && current.room.id === incoming.room.id && incoming.room.version < current.room.version;
}
