import { describe, expect, it } from "vitest";
import { friendHandleSchema, invitationSchema } from "../../shared/protocol";
import { handleOf, invitationOf, isInvitation, resolveHandle } from "./handles";

describe("friend handles", () => {
  const [alice, bob, carol] = ["p-alice-0000000000000", "p-bob-00000000000000", "p-carol-000000000000"];

  it("are what the wire schema takes, stable, and differ per viewer", () => {
    const seenByAlice = handleOf(alice, carol);
    expect(friendHandleSchema.safeParse(seenByAlice).success).toBe(true);
    expect(handleOf(alice, carol)).toBe(seenByAlice);
    expect(handleOf(bob, carol)).not.toBe(seenByAlice); // Bob's handle for Carol says nothing to Alice
    expect(handleOf(alice, bob)).not.toBe(seenByAlice);
  });

  it("resolve among the candidates only", () => {
    const handle = handleOf(alice, carol);
    expect(resolveHandle(alice, handle, [bob, carol])).toBe(carol);
    expect(resolveHandle(alice, handle, [bob])).toBeNull(); // Carol is not someone Alice may act on
    expect(resolveHandle(bob, handle, [alice, carol])).toBeNull(); // Alice's handle means nothing to Bob
    expect(resolveHandle(alice, "A".repeat(22), [bob, carol])).toBeNull();
  });

  it("invitations name one person and one room", () => {
    const invitation = invitationOf(bob, "room-aaaaaaaaaaaaaaaa");
    expect(invitationSchema.safeParse(invitation).success).toBe(true);
    expect(isInvitation(bob, "room-aaaaaaaaaaaaaaaa", invitation)).toBe(true);
    expect(isInvitation(carol, "room-aaaaaaaaaaaaaaaa", invitation)).toBe(false);
    expect(isInvitation(bob, "room-bbbbbbbbbbbbbbbb", invitation)).toBe(false);
    expect(isInvitation(bob, "room-aaaaaaaaaaaaaaaa", invitation.slice(0, 21))).toBe(false);
    expect(invitation).not.toBe(handleOf(bob, "room-aaaaaaaaaaaaaaaa")); // a handle is never an invitation
  });
});
