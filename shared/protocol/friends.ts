import { z } from "zod";
import { heldRoomSchema } from "./profile";
import { roomIdSchema } from "./schemas";
import { wireString } from "./strings";

/**
 * Friends (issue 35): the people a profile finished a game with ("Played with"), friend requests,
 * friends, and invitations to a table by name. A person is shown by display name only; when a client
 * must name one, it sends back the `handle` the server gave it — an opaque string that names that
 * person to that profile only (another profile is given another handle for the same person), never
 * an id. These are the bodies and answers of the /api/friends routes (docs/protocol.md, "Friends").
 */

/** A handle as the server writes it: 22 base64url characters (128 bits of an HMAC). */
export const friendHandleSchema = wireString(32, "handle").regex(/^[A-Za-z0-9_-]{22}$/u, "not a handle");

/** An invitation's proof, as the notice and the push carry it: the same form as a handle. */
export const invitationSchema = wireString(32, "invitation").regex(/^[A-Za-z0-9_-]{22}$/u, "not an invitation");

/** POST /api/friends/ask: ask someone you played with to be friends (accepts at once if they asked you). */
export const friendAskSchema = z.object({ handle: friendHandleSchema }).strict();
/** POST /api/friends/answer: accept or decline a request addressed to you. */
export const friendAnswerSchema = z.object({ handle: friendHandleSchema, accept: z.boolean() }).strict();
/** POST /api/friends/remove: remove a friend, or withdraw a request you made. */
export const friendRemoveSchema = z.object({ handle: friendHandleSchema }).strict();
/** POST /api/friends/invite: invite a friend to this room; `room` proves the inviter sits at it (a seat or the creator token). */
export const friendInviteSchema = z.object({ handle: friendHandleSchema, room: heldRoomSchema }).strict();
/** POST /api/friends/join: take a free seat of the room one was invited to, under one's display name. */
export const friendJoinSchema = z.object({ roomId: roomIdSchema, invitation: invitationSchema }).strict();

/** Where a person you played with stands with you. */
export const FRIEND_RELATIONS = ["none", "friend", "asked", "askedYou"] as const;
export type FriendRelation = (typeof FRIEND_RELATIONS)[number];

/** Someone in one of the lists: the handle to act on them, and what is shown. */
export interface FriendPerson {
  readonly handle: string;
  readonly displayName: string;
}

/** A friend, or a request (made or received), with its date (ISO). */
export interface FriendLink extends FriendPerson {
  readonly since: string;
}

/** Someone you finished a game with: when last, how many games, and whether you are friends. */
export interface PlayedWithPerson extends FriendPerson {
  readonly lastPlayedAt: string; // ISO
  readonly games: number;
  readonly relation: FriendRelation;
}

/** GET /api/friends: the signed-in profile's lists, newest first. */
export interface FriendsOverview {
  readonly friends: readonly FriendLink[];
  readonly incoming: readonly FriendLink[]; // requests addressed to you
  readonly outgoing: readonly FriendLink[]; // requests you made, not answered yet
  readonly playedWith: readonly PlayedWithPerson[];
}

/**
 * Server → every socket of a profile: its friend lists changed (fetch them again). `request` and
 * `accepted` also name who did it, for a notice; `updated` is any other change (a request declined,
 * a friend removed, an action taken on another device of the profile).
 */
export type FriendsChange = { readonly kind: "request"; readonly from: string } | { readonly kind: "accepted"; readonly by: string } | { readonly kind: "updated" };

/** Server → every socket of the invited profile: a friend invites you to a table. */
export interface FriendInvitation {
  readonly from: string; // the inviter's display name
  readonly roomId: string;
  readonly gameNames: { readonly fr: string; readonly en: string };
  readonly invitation: string; // sent back to POST /api/friends/join
  readonly path: string; // "/r/<roomId>/join#<invitation>": the page that seats you in one tap
}

/** POST /api/friends/join's answer: the seat taken (or the one already held there). */
export interface FriendJoined {
  readonly roomId: string;
  readonly seat: number;
  readonly seatToken: string;
}
