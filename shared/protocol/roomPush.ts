import { logHasGap, mergeLog } from "./logMerge";
import type { RoomPublic, RoomPush, RoomSnapshot, RoomStamp } from "./messages";
import { withViewChanges } from "./viewChanges";

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
  const room = isWholeRoom(push.room)
    ? push.room
    : held !== null && held.roomRevision === push.roomRevision
      ? { ...held.room, version: push.room.version, moveNumber: push.room.moveNumber }
      : null;
  const you = push.you ?? held?.you;
  if (room === null || you === undefined) return { kind: "gap" };
  // With `base`, the game parts build on the snapshot of that version, which must be the one held.
  const { base, ...rest } = push;
  const from = base === undefined ? null : held?.room.version === base ? held : undefined;
  if (from === undefined) return { kind: "gap" };
  const views = viewsOf(push.views, from);
  const currentSeats = push.currentSeats ?? from?.currentSeats;
  const outcome = push.outcome !== undefined ? push.outcome : from?.outcome;
  if (views === null || currentSeats === undefined || outcome === undefined) return { kind: "gap" };
  const known = held?.log ?? [];
  return { kind: "apply", snapshot: { ...rest, room, you, views, currentSeats, outcome, log: mergeLog(known, push.log) }, logGap: logHasGap(known, push.log) };
}

/** The whole views a push stands for: changes applied to the held view of the same seat (null: one is missing). */
function viewsOf(pushed: RoomPush["views"], from: RoomSnapshot | null): RoomSnapshot["views"] | null {
  const views: RoomSnapshot["views"][number][] = [];
  for (const entry of pushed) {
    if ("view" in entry) {
      views.push(entry);
      continue;
    }
    const held = from?.views.find((v) => v.seat === entry.seat);
    const view = held === undefined ? null : withViewChanges(held.view, entry.changes);
    if (view === null) return null;
    views.push({ seat: entry.seat, view });
  }
  return views;
}
