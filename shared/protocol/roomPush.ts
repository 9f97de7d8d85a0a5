import { logHasGap, mergeLog } from "./logMerge";
import type { RoomPublic, RoomPush, RoomSnapshot, RoomStamp, ViewChanges } from "./messages";

/** What a client does with a push (`room:snapshot`), given the snapshot it holds. */
export type PushOutcome =
  /** Take `snapshot`. With `logGap`, some log entries were missed: watch again to fill them in. */
  | { readonly kind: "apply"; readonly snapshot: RoomSnapshot; readonly logGap: boolean }
  /** An older state of the room than the one held (a watch answer overtook it): ignore it. */
  | { readonly kind: "stale" }
  /** It builds on a room part or seats this client does not hold: ignore it and watch again. */
  | { readonly kind: "gap" };

export const isWholeRoom = (room: RoomPublic | RoomStamp): room is RoomPublic => "seats" in room;

/**
 * Rebuilds the whole snapshot a push stands for. The server leaves out of a push what it last sent
 * that socket (the room part, named by `roomRevision`; `you`; older log entries); what the client
 * holds fills them in. A push that does not follow on from what is held is never guessed at.
 */
export function applyPush(current: RoomSnapshot | null, push: RoomPush): PushOutcome {
  const held = current !== null && current.room.id === push.room.id ? current : null;
  if (held !== null && push.room.version < held.room.version) return { kind: "stale" };
  // What is left out as unchanged since `base` is taken from what is held only if that is version `base`.
  const based = push.base !== undefined && held !== null && held.room.version === push.base ? held : null;
  if (push.base !== undefined && based === null) return { kind: "gap" };
  const room = isWholeRoom(push.room)
    ? push.room
    : held !== null && held.roomRevision === push.roomRevision
      ? { ...held.room, version: push.room.version, moveNumber: push.room.moveNumber }
      : null;
  const you = push.you ?? held?.you;
  const views = viewsAfter(held, push);
  const currentSeats = push.currentSeats ?? based?.currentSeats;
  const outcome = push.outcome !== undefined ? push.outcome : based?.outcome;
  if (room === null || you === undefined || views === null || currentSeats === undefined || outcome === undefined) return { kind: "gap" };
  const known = held?.log ?? [];
  const log = push.log ?? [];
  const snapshot: RoomSnapshot = { room, roomRevision: push.roomRevision, you, views, currentSeats, outcome, log: mergeLog(known, log), timer: push.timer ?? null, deadline: push.deadline ?? null, hints: push.hints ?? [] };
  return { kind: "apply", snapshot, logGap: logHasGap(known, log) };
}

const isChanges = (entry: RoomPush["views"][number]): entry is ViewChanges => "changed" in entry;

/**
 * The views a push stands for: whole ones as they are, changes applied to the view of the same seat
 * held at version `push.base`. Null when the push builds on views this client does not hold (a missed
 * push): never guessed at.
 */
function viewsAfter(held: RoomSnapshot | null, push: RoomPush): RoomSnapshot["views"] | null {
  if (!push.views.some(isChanges)) return push.views as RoomSnapshot["views"];
  if (held === null || push.base !== held.room.version) return null;
  const views: RoomSnapshot["views"][number][] = [];
  for (const entry of push.views) {
    if (!isChanges(entry)) {
      views.push(entry);
      continue;
    }
    const before = held.views.find((v) => v.seat === entry.seat);
    if (before === undefined || typeof before.view !== "object" || before.view === null) return null;
    const view: Record<string, unknown> = { ...(before.view as Record<string, unknown>), ...entry.changed };
    for (const key of entry.removed ?? []) delete view[key];
    views.push({ seat: entry.seat, view });
  }
  return views;
}
