import { describe, expect, it } from "vitest";
import { NOTICES_SHOWN, withNotice, type FriendNotice } from "./noticeList";

const invitation = (id: number, roomId: string): FriendNotice => ({
  id,
  kind: "invitation",
  invitation: { from: "Alice", roomId, gameNames: { fr: "Qwirkle", en: "Qwirkle" }, invitation: "i".repeat(22), path: `/r/${roomId}/join#${"i".repeat(22)}` },
});
const request = (id: number, name: string): FriendNotice => ({ id, kind: "request", name });

describe("the friends' notices shown", () => {
  it("keeps the newest few", () => {
    let notices: FriendNotice[] = [];
    for (let id = 1; id <= NOTICES_SHOWN + 2; id++) notices = withNotice(notices, request(id, `P${id}`));
    expect(notices.map((n) => n.id)).toEqual([3, 4, 5]);
  });

  it("shows a table's invitation once, the newest, but every table's", () => {
    const notices = [invitation(1, "room-a"), request(2, "Bo"), invitation(3, "room-b")].reduce<FriendNotice[]>(withNotice, []);
    expect(withNotice(notices, invitation(4, "room-a")).map((n) => n.id)).toEqual([2, 3, 4]);
    expect(withNotice(notices, request(4, "Cy")).map((n) => n.id)).toEqual([2, 3, 4]);
  });
});
