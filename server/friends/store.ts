import type { PrismaClient } from "../db/generated/client";
import { LIMITS, TableeError } from "../../shared/protocol";

/** Someone this profile finished games with. */
export interface PlayedWithRow {
  readonly id: string;
  readonly displayName: string;
  readonly lastPlayedAt: Date;
  readonly games: number;
}

/** A friend link seen from one of its two profiles. */
export interface LinkRow {
  readonly id: string; // the other profile
  readonly displayName: string;
  readonly status: "pending" | "accepted";
  readonly askedByMe: boolean;
  readonly since: Date; // accepted_at for friends, created_at for requests
}

/** What an ask did: a new request, or the other's request to us accepted. */
export type AskOutcome = "asked" | "accepted";

/**
 * Friend links and "Played with" in Postgres (`friendships`, `profile_results`, migration 0015). One
 * row per pair whichever asked (a unique index on the unordered pair), never to oneself (a CHECK);
 * rows go with either profile (ON DELETE CASCADE). Each change is one guarded statement, so two
 * devices (or two people) acting at once cannot leave two rows or accept a request twice.
 */
export class FriendStore {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly clock: () => Date,
  ) {}

  /**
   * The profiles that finished a game with this one: other rows of `profile_results` with the same
   * room and finish time, newest first, at most `LIMITS.playedWithShown` people.
   */
  async playedWith(profileId: string): Promise<PlayedWithRow[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; display_name: string; last_played_at: Date; games: bigint }[]>`
      SELECT other.profile_id AS id, p.display_name, max(other.finished_at) AS last_played_at, count(DISTINCT (other.room_id, other.finished_at)) AS games
      FROM profile_results mine
      JOIN profile_results other ON other.room_id = mine.room_id AND other.finished_at = mine.finished_at AND other.profile_id <> mine.profile_id
      JOIN profiles p ON p.id = other.profile_id
      WHERE mine.profile_id = ${profileId}
      GROUP BY other.profile_id, p.display_name
      ORDER BY last_played_at DESC, p.display_name
      LIMIT ${LIMITS.playedWithShown}`;
    return rows.map((row) => ({ id: row.id, displayName: row.display_name, lastPlayedAt: row.last_played_at, games: Number(row.games) }));
  }

  /** Everyone who finished a game with this profile (their "Played with" may show it), however long ago. */
  async coPlayers(profileId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ id: string }[]>`
      SELECT DISTINCT other.profile_id AS id
      FROM profile_results mine
      JOIN profile_results other ON other.room_id = mine.room_id AND other.finished_at = mine.finished_at AND other.profile_id <> mine.profile_id
      WHERE mine.profile_id = ${profileId}`;
    return rows.map((row) => row.id);
  }

  /** Every friend and request of this profile, newest first. */
  async links(profileId: string): Promise<LinkRow[]> {
    const rows = await this.prisma.$queryRaw<{ id: string; display_name: string; status: string; asked_by_me: boolean; since: Date }[]>`
      SELECT p.id, p.display_name, f.status, f.requester_id = ${profileId} AS asked_by_me, coalesce(f.accepted_at, f.created_at) AS since
      FROM friendships f
      JOIN profiles p ON p.id = CASE WHEN f.requester_id = ${profileId} THEN f.addressee_id ELSE f.requester_id END
      WHERE f.requester_id = ${profileId} OR f.addressee_id = ${profileId}
      ORDER BY since DESC, p.display_name`;
    return rows.map((row) => ({ id: row.id, displayName: row.display_name, status: row.status === "accepted" ? "accepted" : "pending", askedByMe: row.asked_by_me, since: row.since }));
  }

  /** A profile's display name, or null when it is gone. */
  async displayName(profileId: string): Promise<string | null> {
    return (await this.prisma.profile.findUnique({ where: { id: profileId }, select: { displayName: true } }))?.displayName ?? null;
  }

  /**
   * `me` asks `other` to be friends. If `other` already asked `me`, this accepts that request (two
   * people asking each other are friends). Refused: ALREADY_ASKED, ALREADY_FRIENDS, TOO_MANY_FRIENDS.
   */
  async ask(me: string, other: string): Promise<AskOutcome> {
    if (me === other) throw new TableeError("FRIEND_SELF", "you cannot be your own friend");
    // Two tries: a request the other made at the same instant is found (and accepted) the second time;
    // one they withdrew between our read and our accept is gone, and ours is made the second time.
    for (let attempt = 0; attempt < 2; attempt++) {
      const existing = await this.prisma.friendship.findFirst({ where: { OR: [{ requesterId: me, addresseeId: other }, { requesterId: other, addresseeId: me }] } });
      if (existing?.status === "accepted") throw new TableeError("ALREADY_FRIENDS", "you are already friends");
      if (existing?.requesterId === me) throw new TableeError("ALREADY_ASKED", "your request is already waiting for their answer");
      if (existing) {
        if (await this.accept(me, other)) return "accepted";
        continue;
      }
      await this.checkRoom(me, other);
      const inserted = await this.prisma.$executeRaw`
        INSERT INTO friendships (requester_id, addressee_id, status, created_at) VALUES (${me}, ${other}, 'pending', ${this.clock()})
        ON CONFLICT DO NOTHING`;
      if (inserted === 1) return "asked";
    }
    throw new TableeError("CONFLICT", "the request changed meanwhile; try again");
  }

  /** Accepts `other`'s pending request to `me`; false when there is none. */
  async accept(me: string, other: string): Promise<boolean> {
    const updated = await this.prisma.friendship.updateMany({ where: { requesterId: other, addresseeId: me, status: "pending" }, data: { status: "accepted", acceptedAt: this.clock() } });
    return updated.count === 1;
  }

  /** Declines `other`'s pending request to `me`; false when there is none. */
  async decline(me: string, other: string): Promise<boolean> {
    return (await this.prisma.friendship.deleteMany({ where: { requesterId: other, addresseeId: me, status: "pending" } })).count === 1;
  }

  /** Ends a friendship, or withdraws `me`'s own request; false when there is neither. */
  async remove(me: string, other: string): Promise<boolean> {
    const removed = await this.prisma.friendship.deleteMany({
      where: { OR: [{ requesterId: me, addresseeId: other }, { requesterId: other, addresseeId: me, status: "accepted" }] },
    });
    return removed.count === 1;
  }

  async areFriends(me: string, other: string): Promise<boolean> {
    const link = await this.prisma.friendship.findFirst({ where: { status: "accepted", OR: [{ requesterId: me, addresseeId: other }, { requesterId: other, addresseeId: me }] }, select: { status: true } });
    return link !== null;
  }

  /** TOO_MANY_FRIENDS when either profile already keeps `LIMITS.friendsMax` friends and requests. */
  private async checkRoom(me: string, other: string): Promise<void> {
    for (const id of [me, other]) {
      const count = await this.prisma.friendship.count({ where: { OR: [{ requesterId: id }, { addresseeId: id }] } });
      if (count >= LIMITS.friendsMax) throw new TableeError("TOO_MANY_FRIENDS", `a profile keeps at most ${LIMITS.friendsMax} friends and requests`);
    }
  }
}
