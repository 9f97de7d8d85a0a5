import type { FriendInvitation } from "../../../shared/protocol";

/** A notice shown over any page: someone asked to be friends, accepted, or invites to a table. */
export type FriendNotice =
  | { readonly id: number; readonly kind: "request"; readonly name: string }
  | { readonly id: number; readonly kind: "accepted"; readonly name: string }
  | { readonly id: number; readonly kind: "invitation"; readonly invitation: FriendInvitation };

/** At most this many notices at once (the newest): a burst of requests must not cover the page. */
export const NOTICES_SHOWN = 3;

/**
 * The notices after `notice` arrives: a new invitation to a table replaces an older one to the same
 * table (asked twice, shown once), and only the newest `NOTICES_SHOWN` stay.
 */
export function withNotice(notices: readonly FriendNotice[], notice: FriendNotice): FriendNotice[] {
  const kept = notice.kind === "invitation" ? notices.filter((old) => !(old.kind === "invitation" && old.invitation.roomId === notice.invitation.roomId)) : notices;
  return [...kept, notice].slice(-NOTICES_SHOWN);
}
