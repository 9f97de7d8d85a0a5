import { mount } from "svelte";
import "../profile/profileMessages";
import type { FriendInvitation, FriendsChange } from "../../../shared/protocol";
import FriendNotices from "./FriendNotices.svelte";
import { withNotice, type FriendNotice } from "./noticeList";

export type { FriendNotice } from "./noticeList";

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
    this.show({ id: this.next++, kind: "invitation", invitation });
  }

  dismiss(id: number): void {
    this.notices = this.notices.filter((notice) => notice.id !== id);
  }

  private show(notice: FriendNotice): void {
    this.notices = withNotice(this.notices, notice);
    if (!this.mounted) {
      this.mounted = true;
      const target = document.createElement("div");
      document.body.append(target);
      mount(FriendNotices, { target, props: { friendNotices: this } });
    }
  }
}

export const friendNotices = new FriendNotices_();
