import type { PrismaClient } from "../db/generated/client";
import { LIMITS, type PushLocale } from "../../shared/protocol";

/** A stored subscription: where to send, how to encrypt, in which language. */
export interface StoredSubscription {
  readonly id: bigint;
  readonly roomId: string;
  readonly seatTokenHash: string;
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly locale: PushLocale;
}

/** One device's subscription for one seat: what POST /api/push/subscribe stores. */
export interface SubscriptionDraft {
  readonly roomId: string;
  readonly seatTokenHash: string;
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
  readonly locale: PushLocale;
  /** The hash of the profile session the device is signed in with (its invitations come here), null for a guest. */
  readonly sessionHash: string | null;
}

/** Web Push subscriptions in `push_subscriptions` (deleted with their room by the foreign key). */
export class PushStore {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Stores or refreshes (keys, language) each (room, seat, endpoint) subscription. A seat keeps its
   * `LIMITS.pushDevicesPerSeat` most recent devices: one seat token cannot make every turn of its room
   * a flood of requests to endpoints of its choosing.
   */
  async save(drafts: readonly SubscriptionDraft[]): Promise<void> {
    if (drafts.length === 0) return;
    const roomIds = [...new Set(drafts.map((draft) => draft.roomId))];
    const upserts = drafts.map((draft) => {
      const fields = { p256dh: draft.keys.p256dh, auth: draft.keys.auth, locale: draft.locale, sessionHash: draft.sessionHash };
      return this.prisma.pushSubscription.upsert({
        where: { roomId_seatTokenHash_endpoint: { roomId: draft.roomId, seatTokenHash: draft.seatTokenHash, endpoint: draft.endpoint } },
        create: { roomId: draft.roomId, seatTokenHash: draft.seatTokenHash, endpoint: draft.endpoint, ...fields },
        update: { ...fields, updatedAt: new Date() },
      });
    });
    const trim = this.prisma.$executeRaw`
      DELETE FROM push_subscriptions WHERE id IN (
        SELECT id FROM (
          SELECT id, row_number() OVER (PARTITION BY room_id, seat_token_hash ORDER BY updated_at DESC, id DESC) AS rank
          FROM push_subscriptions WHERE room_id = ANY(${roomIds}::text[])
        ) ranked WHERE rank > ${LIMITS.pushDevicesPerSeat})`;
    // One transaction: a body of 200 rooms is one round of writes, all or nothing. Devices (or tabs)
    // subscribing seats of one room at once would deadlock (one's upsert against the other's trim):
    // each transaction first takes its rooms' locks, in one order.
    const locks = [...roomIds].sort().map((roomId) => this.prisma.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`push:${roomId}`}, 0))`);
    await this.prisma.$transaction([...locks, ...upserts, trim]);
  }

  /** Removes the endpoint's subscriptions: all of them, or those of the given seats. Returns how many. */
  async remove(endpoint: string, seats?: readonly { roomId: string; seatTokenHash: string }[]): Promise<number> {
    if (seats === undefined) return (await this.prisma.pushSubscription.deleteMany({ where: { endpoint } })).count;
    if (seats.length === 0) return 0;
    const removed = await this.prisma.pushSubscription.deleteMany({ where: { endpoint, OR: seats.map((seat) => ({ roomId: seat.roomId, seatTokenHash: seat.seatTokenHash })) } });
    return removed.count;
  }

  /** The subscriptions of these seats (by token hash) of a room. */
  async ofSeats(roomId: string, seatTokenHashes: readonly string[]): Promise<StoredSubscription[]> {
    if (seatTokenHashes.length === 0) return [];
    const rows = await this.prisma.pushSubscription.findMany({ where: { roomId, seatTokenHash: { in: [...seatTokenHashes] } } });
    return rows.map((row) => ({
      id: row.id,
      roomId: row.roomId,
      seatTokenHash: row.seatTokenHash,
      endpoint: row.endpoint,
      keys: { p256dh: row.p256dh, auth: row.auth },
      locale: row.locale === "fr" ? "fr" : "en",
    }));
  }

  /**
   * One subscription per device of a profile (a friend's invitation): the devices that subscribed while
   * signed in to the profile with a session still live, each endpoint once, its latest subscription
   * (keys, language). Not the devices that hold the profile's seats: a device signed out keeps the
   * seats it took itself, and their turn notices, but its next user is not the profile's owner. A
   * device that never turned notices on gets none.
   */
  async ofProfile(profileId: string): Promise<StoredSubscription[]> {
    // The most recently subscribed devices (not the first endpoints in alphabetical order, which put
    // one push service's stale devices before another's current ones).
    const rows = await this.prisma.$queryRaw<{ id: bigint; room_id: string; seat_token_hash: string; endpoint: string; p256dh: string; auth: string; locale: string }[]>`
      SELECT id, room_id, seat_token_hash, endpoint, p256dh, auth, locale FROM (
        SELECT DISTINCT ON (s.endpoint) s.id, s.room_id, s.seat_token_hash, s.endpoint, s.p256dh, s.auth, s.locale, s.updated_at
        FROM profile_sessions ps JOIN push_subscriptions s ON s.session_hash = ps.token_hash
        WHERE ps.profile_id = ${profileId} AND ps.expires_at > now()
        ORDER BY s.endpoint, s.updated_at DESC
      ) AS latest
      ORDER BY updated_at DESC
      LIMIT ${LIMITS.pushDevicesPerSeat}`;
    return rows.map((row) => ({ id: row.id, roomId: row.room_id, seatTokenHash: row.seat_token_hash, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth }, locale: row.locale === "fr" ? "fr" : "en" }));
  }

  /**
   * The push service says this device's subscription is gone (404/410), or its endpoint is one we do
   * not call: every seat's row of that endpoint goes (the next push of another seat, or the next
   * invitation, would only find it gone again).
   */
  async forget(endpoint: string): Promise<void> {
    await this.prisma.pushSubscription.deleteMany({ where: { endpoint } });
  }

  /**
   * "Play again" opened a next room with the same seat tokens: the devices that wanted notices for the
   * finished game get them for the next one too (they may not open the room before their turn).
   */
  async followRematch(fromRoomId: string, toRoomId: string): Promise<number> {
    return this.prisma.$executeRaw`
      INSERT INTO push_subscriptions (room_id, seat_token_hash, endpoint, p256dh, auth, locale, session_hash)
      SELECT ${toRoomId}, seat_token_hash, endpoint, p256dh, auth, locale, session_hash FROM push_subscriptions WHERE room_id = ${fromRoomId}
      ON CONFLICT (room_id, seat_token_hash, endpoint) DO NOTHING`;
  }
}
