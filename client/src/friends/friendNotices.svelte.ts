import { mount } from "svelte";
import type { FriendInvitation, FriendsChange } from "../../../shared/protocol";
import FriendNotices from "./FriendNotices.svelte";

/** A notice shown over any page: someone asked to be friends, accepted, or invites to a table. */
export type FriendNotice =
  | { readonly id: number; readonly kind: "request"; readonly name: string }
  | { readonly id: number; readonly kind: "accepted"; readonly name: string }
  | { readonly id: number; readonly kind: "invitation"; readonly invitation: FriendInvitation };

/** At most this many notices at once (the newest): a burst of requests must not cover the page. */
const SHOWN = 3;

/**
 * What the profile's socket says about friends (profileSync.svelte.ts hands it here, loading this
 * chunk only on a signed-in device): the notices to show, and a counter the friends panel watches to
 * fetch its lists again.
 */
class FriendNotices_ {
  notices: FriendNotice[] = $state([]);
  version = $state(0); // bumped at every change of the friend lists
  private next = 1;
  private mounted = false;

  changed(change: FriendsChange): void {
    this.version++;
    if (change.kind === "request") this.show({ id: this.next++, kind: "request", name: change.from });
    if (change.kind === "accepted") this.show({ id: this.next++, kind: "accepted", name: change.by });
  }

  invited(invitation: FriendInvitation): void {
    // A second invitation to the same table replaces the first.
    this.notices = this.notices.filter((notice) => !(notice.kind === "invitation" && notice.invitation.roomId === invitation.roomId));
    this.show({ id: this.next++, kind: "invitation", invitation });
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  private show(notice: FriendNotice): void {
    this.notices = [...this.notices, notice].slice(-SHOWN);
    if (!this.mounted) {
      this.mounted = true;
      const target = document.createElement("div");
      document.body.append(target);
      mount(FriendNotices, { target });
    }
  }
}

export const friendNotices = new FriendNotices_();
