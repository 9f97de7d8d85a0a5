import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Handles and invitations: how a client names a person, or proves an invitation, without ever
 * holding a profile id.
 *
 * A handle is an HMAC-SHA256 of the other person's id keyed with the viewer's own profile id (128
 * random bits that never leave the server), cut to 128 bits. So the server needs no secret of its
 * own to configure and share between processes; a handle means something only to the profile it was
 * given to (two people see two different handles for the same friend, so lists cannot be joined up
 * across profiles); and it cannot be made up: a client that does not know its own id cannot compute
 * one. The server never turns a handle back into an id by lookup: it resolves it among the people
 * that profile may act on (played with, friends, requests), so a handle to anyone else names nobody.
 *
 * An invitation is the same MAC, keyed with the invited profile's id, over the room id: the invited
 * person (signed in) can join that room in one tap, and a link someone else crafted seats nobody.
 */

const mac = (key: string, purpose: string, value: string): string => createHmac("sha256", key).update(`${purpose}\n${value}`).digest().subarray(0, 16).toString("base64url");

/** How `viewerId` names `otherId`. */
export const handleOf = (viewerId: string, otherId: string): string => mac(viewerId, "friend-handle", otherId);

/** The proof that `inviteeId` was invited to `roomId`. */
export const invitationOf = (inviteeId: string, roomId: string): string => mac(inviteeId, "invitation", roomId);

/**
 * The seat token a profile takes a room's seat with when it joins by an invitation: the same on each
 * of its devices, so two tapping at once claim one seat (server/friends/join.ts). 128 bits no one
 * without the profile's id can compute, as a handle.
 */
export const joinSeatTokenOf = (profileId: string, roomId: string): string => mac(profileId, "join-seat", roomId);

/** Constant-time comparison of two handles (or invitations). */
export function sameMac(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The one of `candidates` that `handle` names for `viewerId`, or null. */
export function resolveHandle(viewerId: string, handle: string, candidates: Iterable<string>): string | null {
  for (const candidate of candidates) if (sameMac(handleOf(viewerId, candidate), handle)) return candidate;
  return null;
}

/** Whether `invitation` invites `inviteeId` to `roomId`. */
export const isInvitation = (inviteeId: string, roomId: string, invitation: string): boolean => sameMac(invitationOf(inviteeId, roomId), invitation);
