import { describe, expect, it } from "vitest";
import { invitationPayload } from "./invitationPush";

describe("an invitation's push", () => {
  const invitation = { from: "Alice", roomId: "r0000000000000000", gameNames: { fr: "Qwirkle", en: "Qwirkle" }, invitation: "i".repeat(22), path: `/r/r0000000000000000/join#${"i".repeat(22)}` };

  it("says who invites to what, in the device's language, and opens the page that seats", () => {
    expect(invitationPayload(invitation, "en")).toEqual({ kind: "invitation", title: "Alice invites you to play Qwirkle", body: "Tap to take a seat at the table.", url: invitation.path, tag: "r0000000000000000:invitation" });
    expect(invitationPayload(invitation, "fr").title).toBe("Alice vous invite à une partie de Qwirkle");
  });
});
