import type { RoomSnapshot } from "../../../shared/protocol";

/** Whether two JSON values are equal, whatever the order of their objects' keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left).filter((key) => left[key] !== undefined);
  if (keys.length !== Object.keys(right).filter((key) => right[key] !== undefined).length) return false;
  return keys.every((key) => Object.hasOwn(right, key) && sameJson(left[key], right[key]));
}

/**
 * Whether the answer to `room:watch` says exactly what the snapshot held already says. Watching
 * sets off a push to the whole room (others see this seat come online), this socket included, just
 * before the answer: keeping what is held then spares the page a second render of the whole table
 * (issue 31: about 30 ms on a laptop, four times that on Lighthouse's phone, on every room's load).
 */
export function sameSnapshot(held: RoomSnapshot | null, answer: RoomSnapshot): boolean {
  return held !== null && held.room.version === answer.room.version && sameJson(held, answer);
}
