import type { PrismaClient } from "../db/generated/client";
import { LIMITS, TableeError, type HeldRoom } from "../../shared/protocol";
import { isCreator, seatOfToken, type RoomRecord } from "../rooms/record";
import { hashToken } from "../rooms/tokens";

/** A token checked against its room: it holds a seat there, or is the room's creator token. */
export interface HeldToken {
  readonly roomId: string;
  readonly token: string;
  readonly creator: boolean;
}

/** How the seats are checked: the room as the room service has it (null when there is no such room). */
export type RoomLookup = (roomId: string) => Promise<RoomRecord | null>;

/**
 * Keeps only the tokens that hold something: a seat of their room, or its creator token. A device
 * cannot make a profile keep a token it merely made up, nor one of a seat that was freed.
 */
export async function heldTokens(rooms: readonly HeldRoom[], lookup: RoomLookup): Promise<HeldToken[]> {
  const held: HeldToken[] = [];
  for (const entry of rooms) {
    const room = await lookup(entry.roomId);
    if (!room) continue;
    for (const token of entry.seatTokens) if (seatOfToken(room, hashToken(token)) !== null) held.push({ roomId: room.id, token, creator: false });
    if (entry.creatorToken !== undefined && isCreator(room, hashToken(entry.creatorToken))) held.push({ roomId: room.id, token: entry.creatorToken, creator: true });
  }
  return held;
}

/**
 * A RoomLookup over the room service's `get`. A room gone, or of a game this build does not have (a
 * rolling deploy, a game withdrawn), holds nothing here: left out, not a failure of the whole list
 * (every sync of that device would fail for good). Other failures (the database) fail the request.
 */
export function lookupWith(get: (roomId: string) => Promise<RoomRecord>): RoomLookup {
  return (roomId) =>
    get(roomId).catch((error: unknown) => {
      if (error instanceof TableeError && (error.code === "ROOM_NOT_FOUND" || error.code === "UNKNOWN_GAME")) return null;
      throw error;
    });
}

/**
 * The seats (and creator tokens) a profile holds. The tokens themselves are kept, not only their
 * hashes: a device that signs in later must be able to play the seat (docs/security.md says what
 * that costs). Rows go with their room (ON DELETE CASCADE) and with the profile.
 */
export class ProfileSeats {
  constructor(private readonly prisma: PrismaClient) {}

  /**
   * Adds tokens (already checked by `heldTokens`); returns how many were new. A seat another profile
   * already holds stays that profile's: a player losing a game could otherwise sign out, make a
   * second profile on the same device and bring it the seat, and a seat held by two profiles is
   * rated for nobody (ratings/plan.ts), so the game would count for no one.
   */
  async add(profileId: string, tokens: readonly HeldToken[]): Promise<number> {
    if (tokens.length === 0) return 0;
    const rows = tokens.map((t) => ({ room_id: t.roomId, token: t.token, token_hash: hashToken(t.token), creator: t.creator }));
    return this.prisma.$executeRaw`
      INSERT INTO profile_seats (profile_id, room_id, token_hash, token, creator)
      SELECT ${profileId}, i.room_id, i.token_hash, i.token, i.creator
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS i(room_id text, token_hash text, token text, creator boolean)
      WHERE i.creator OR NOT EXISTS (
        SELECT 1 FROM profile_seats o WHERE o.room_id = i.room_id AND o.token_hash = i.token_hash AND o.profile_id <> ${profileId} AND NOT o.creator)
      ON CONFLICT DO NOTHING`;
  }

  /**
   * "Play again" opened `toRoomId` with the tokens of `fromRoomId` (every seat's, and the creator's):
   * the profiles holding them hold the next game too, whether or not one of their devices is online
   * to say so (its result is rated for them; it is in "My games" on each device). Returns those profiles.
   */
  async followRematch(fromRoomId: string, toRoomId: string): Promise<string[]> {
    const rows = await this.prisma.$queryRaw<{ profile_id: string }[]>`
      INSERT INTO profile_seats (profile_id, room_id, token_hash, token, creator)
      SELECT profile_id, ${toRoomId}, token_hash, token, creator FROM profile_seats WHERE room_id = ${fromRoomId}
      ON CONFLICT DO NOTHING
      RETURNING profile_id`;
    return [...new Set(rows.map((row) => row.profile_id))];
  }

  /** Every room the profile holds a token in, as a device stores them (newest seat tokens last). */
  async of(profileId: string): Promise<HeldRoom[]> {
    const rows = await this.prisma.profileSeat.findMany({ where: { profileId }, orderBy: { addedAt: "asc" } });
    const byRoom = new Map<string, { seatTokens: string[]; creatorToken?: string }>();
    for (const row of rows) {
      const entry = byRoom.get(row.roomId) ?? { seatTokens: [] };
      if (row.creator) entry.creatorToken = row.token;
      else entry.seatTokens.push(row.token);
      byRoom.set(row.roomId, entry);
    }
    return [...byRoom].map(([roomId, entry]) => ({ roomId, seatTokens: entry.seatTokens.slice(-LIMITS.seatTokensPerSocket), ...(entry.creatorToken !== undefined && { creatorToken: entry.creatorToken }) }));
  }
}
