import { RateLimiterMemory } from "rate-limiter-flexible";
import type { PrismaClient } from "../db/generated/client";
import { TableeError, type FriendInvitation, type FriendsChange, type FriendsOverview, type FriendRelation } from "../../shared/protocol";
import type { ErasedGame } from "../../shared/engine/erase";
import { profileChannel } from "../profiles";
import type { RoomRecord } from "../rooms/record";
import type { TableeServer } from "../socket/socketTypes";
import { handleOf, invitationOf, resolveHandle } from "./handles";
import type { InvitationPush } from "./invitationPush";
import { freeSeatOf } from "./join";
import { FriendStore, type LinkRow } from "./store";

export { InvitationPush } from "./invitationPush";
export { joinTable, type JoinDeps } from "./join";
export { isInvitation } from "./handles";

/**
 * Invitations one profile may send one friend: a few a table, not a flood of notices and pushes on
 * their phone. Counted per process (each route is also limited per address).
 */
export const INVITATION_RATE = { invitations: 5, seconds: 600 } as const;

/** Where a link stands as seen from one side. */
function relationOf(link: LinkRow | undefined): FriendRelation {
  if (!link) return "none";
  if (link.status === "accepted") return "friend";
  return link.askedByMe ? "asked" : "askedYou";
}

/**
 * Friends (issue 35): the lists a profile sees, requests and their answers, and invitations to a
 * table. Every change is told to the sockets of both profiles (`friends:changed`, on every device
 * signed in, across the cluster's processes through the socket.io adapter); an invitation goes to
 * the friend's sockets (`friends:invited`) and, as a Web Push, to their devices.
 */
export class Friends {
  readonly store: FriendStore;
  private io: TableeServer | null = null;
  private readonly invitations = new RateLimiterMemory({ keyPrefix: "invitation", points: INVITATION_RATE.invitations, duration: INVITATION_RATE.seconds });

  constructor(
    prisma: PrismaClient,
    clock: () => Date,
    private readonly push: InvitationPush | null,
    /** Where a push that failed in the background is reported. */
    private readonly onError: (error: unknown) => void,
  ) {
    this.store = new FriendStore(prisma, clock);
  }

  attach(io: TableeServer): void {
    this.io = io;
  }

  /** The profile's lists, each person named by a handle meant for this profile only. */
  async overview(me: string): Promise<FriendsOverview> {
    const [links, playedWith] = await Promise.all([this.store.links(me), this.store.playedWith(me)]);
    const byId = new Map(links.map((link) => [link.id, link]));
    const person = (id: string, displayName: string) => ({ handle: handleOf(me, id), displayName });
    const shown = (kept: (link: LinkRow) => boolean) => links.filter(kept).map((link) => ({ ...person(link.id, link.displayName), since: link.since.toISOString() }));
    return {
      friends: shown((link) => link.status === "accepted"),
      incoming: shown((link) => link.status === "pending" && !link.askedByMe),
      outgoing: shown((link) => link.status === "pending" && link.askedByMe),
      playedWith: playedWith.map((row) => ({ ...person(row.id, row.displayName), lastPlayedAt: row.lastPlayedAt.toISOString(), games: row.games, relation: relationOf(byId.get(row.id)) })),
    };
  }

  /** Asks someone played with (or who asked us: that accepts); both sides' devices hear of it. */
  async ask(me: string, handle: string): Promise<{ relation: FriendRelation }> {
    const other = await this.resolve(me, handle);
    const outcome = await this.store.ask(me, other);
    const name = await this.nameOf(me);
    this.changed(other, outcome === "asked" ? { kind: "request", from: name } : { kind: "accepted", by: name });
    this.changed(me, { kind: "updated" });
    return { relation: outcome === "asked" ? "asked" : "friend" };
  }

  /** Accepts or declines a request addressed to `me` (NOT_ASKED otherwise). */
  async answer(me: string, handle: string, accept: boolean): Promise<{ relation: FriendRelation }> {
    const other = await this.resolve(me, handle);
    const done = accept ? await this.store.accept(me, other) : await this.store.decline(me, other);
    if (!done) throw new TableeError("NOT_ASKED", "no request from this person is waiting for your answer");
    // A declined request is not announced to its author: their list only loses it.
    this.changed(other, accept ? { kind: "accepted", by: await this.nameOf(me) } : { kind: "updated" });
    this.changed(me, { kind: "updated" });
    return { relation: accept ? "friend" : "none" };
  }

  /** Removes a friend, or withdraws a request `me` made (NOT_FRIENDS otherwise). */
  async remove(me: string, handle: string): Promise<{ relation: FriendRelation }> {
    const other = await this.resolve(me, handle);
    if (!(await this.store.remove(me, other))) throw new TableeError("NOT_FRIENDS", "this person is not your friend");
    this.changed(other, { kind: "updated" });
    this.changed(me, { kind: "updated" });
    return { relation: "none" };
  }

  /**
   * Deletes the profile by `remove` (its links and results go with it), then tells everyone who had it
   * in a list (friends, requests either way, Played with): their open panels read their lists again.
   */
  async deleting(me: string, remove: () => Promise<void>): Promise<void> {
    const [links, coPlayers] = await Promise.all([this.store.links(me), this.store.coPlayers(me)]);
    await remove();
    for (const other of new Set([...links.map((row) => row.id), ...coPlayers])) this.changed(other, { kind: "updated" });
  }

  /**
   * Invites a friend to `room` (whose seat or creator token the route has checked): a notice to each of
   * their sockets and a push to each of their devices. NO_FREE_SEAT when the table cannot seat them.
   */
  async invite(me: string, handle: string, room: RoomRecord, game: ErasedGame): Promise<{ invited: string }> {
    const friend = await this.resolve(me, handle);
    if (!(await this.store.areFriends(me, friend))) throw new TableeError("NOT_FRIENDS", "invite a friend: this person is not your friend (yet)");
    if (freeSeatOf(room) === null) throw new TableeError("NO_FREE_SEAT", room.status === "waiting" ? "this table has no free seat" : "this game has already started: no seat is free");
    await this.invitations.consume(`${me}|${friend}`).catch(() => {
      throw new TableeError("RATE_LIMITED", `at most ${INVITATION_RATE.invitations} invitations to one friend every ${INVITATION_RATE.seconds / 60} minutes`);
    });
    const invitation = invitationOf(friend, room.id);
    const notice: FriendInvitation = { from: await this.nameOf(me), roomId: room.id, gameNames: { fr: game.names.fr, en: game.names.en }, invitation, path: `/r/${room.id}/join#${invitation}` };
    this.io?.to(profileChannel(friend)).emit("friends:invited", notice);
    if (this.push) this.push.send(friend, notice).catch(this.onError);
    return { invited: (await this.store.displayName(friend)) ?? "" };
  }

  /**
   * The person a handle names for `me`, among those `me` may act on: people played with, friends and
   * requests either way, and `me` itself (refused as FRIEND_SELF). Anyone else: NO_SUCH_PERSON.
   */
  private async resolve(me: string, handle: string): Promise<string> {
    const [links, playedWith] = await Promise.all([this.store.links(me), this.store.playedWith(me)]);
    const other = resolveHandle(me, handle, [me, ...links.map((link) => link.id), ...playedWith.map((row) => row.id)]);
    if (other === null) throw new TableeError("NO_SUCH_PERSON", "no such person among the people you played with or your friends");
    if (other === me) throw new TableeError("FRIEND_SELF", "you cannot be your own friend");
    return other;
  }

  private async nameOf(profileId: string): Promise<string> {
    const name = await this.store.displayName(profileId);
    if (name === null) throw new TableeError("NOT_SIGNED_IN", "this profile no longer exists");
    return name;
  }

  private changed(profileId: string, change: FriendsChange): void {
    this.io?.to(profileChannel(profileId)).emit("friends:changed", change);
  }
}
