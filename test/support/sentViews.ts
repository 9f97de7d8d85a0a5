import type { RoomPush, RoomSnapshot } from "../../shared/protocol";

/**
 * Follows one seat's view through the payloads a socket received, in order, as the client rebuilds
 * it: a whole view as is, a view sent as changes (`RoomPush.base`) applied to the view held at that
 * version. `next` returns the seat's whole view after `snapshot`, or undefined when the payload has no
 * view of the seat or builds on a version not held (the client would watch again).
 */
export class SentViews {
  private held: { readonly version: number; readonly view: Record<string, unknown> } | null = null;

  constructor(private readonly seat: number | null) {}

  next(snapshot: RoomSnapshot | RoomPush): unknown {
    const entry = (snapshot as RoomPush).views.find((v) => v.seat === this.seat);
    let view: Record<string, unknown> | undefined;
    if (entry === undefined) view = undefined;
    else if ("view" in entry) view = entry.view as Record<string, unknown>;
    else if (this.held !== null && this.held.version === (snapshot as RoomPush).base) {
      view = { ...this.held.view, ...entry.changed };
      for (const key of entry.removed ?? []) delete view[key];
    }
    this.held = view === undefined ? null : { version: snapshot.room.version, view };
    return view;
  }
}
