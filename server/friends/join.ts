import { TableeError, type FriendJoined, type HeldRoom } from "../../shared/protocol";
import { seatOfToken, type RoomRecord } from "../rooms/record";
import { hashToken } from "../rooms/tokens";

/** The first open seat of a room still gathering its players, or null (full, closed seats only, or started). */
export function freeSeatOf(room: RoomRecord): number | null {
  if (room.status !== "waiting") return null;
  const seat = room.seats.findIndex((record) => record.kind === "open");
  return seat === -1 ? null : seat;
}

/** A seat the profile already holds in this room (its tokens as `ProfileSeats.of` gives them), or null. */
export function heldSeatIn(room: RoomRecord, held: readonly HeldRoom[]): { seat: number; seatToken: string } | null {
  for (const token of held.find((entry) => entry.roomId === room.id)?.seatTokens ?? []) {
    const seat = seatOfToken(room, hashToken(token));
    if (seat !== null) return { seat, seatToken: token };
  }
  return null;
}

/** What taking a seat needs: the room as the service has it, its seat claim, and the profile's tokens. */
export interface JoinDeps {
  readonly get: (roomId: string) => Promise<RoomRecord>;
  readonly claim: (roomId: string, seat: number, nickname: string, seatToken: string) => Promise<{ seat: number; seatToken: string }>;
  readonly held: () => Promise<readonly HeldRoom[]>;
}

/** Tries for a free seat: a seat taken by someone else meanwhile (SEAT_TAKEN) sends us to the next one. */
const CLAIM_TRIES = 3;

/**
 * Seats an invited person at the table under their display name: the seat they already hold there
 * (a second tap, another device), else the first open seat; NO_FREE_SEAT when there is none.
 *
 * The seat is claimed with `seatToken`, the profile's own token for this room (the same on every
 * device: server/friends/handles.ts), so two devices tapping at once, on one process or two, claim
 * with one token: the seat it already holds answers the second (the claim is idempotent), and a
 * claim of another seat with it is refused, after which the next try finds the seat taken.
 */
export async function joinTable(roomId: string, displayName: string, seatToken: string, deps: JoinDeps): Promise<FriendJoined> {
  const tokenHash = hashToken(seatToken);
  for (let attempt = 0; attempt < CLAIM_TRIES; attempt++) {
    const room = await deps.get(roomId);
    const taken = seatOfToken(room, tokenHash);
    if (taken !== null) return { roomId, seat: taken, seatToken };
    const held = heldSeatIn(room, await deps.held());
    if (held) return { roomId, ...held };
    const seat = freeSeatOf(room);
    if (seat === null) throw new TableeError("NO_FREE_SEAT", room.status === "waiting" ? "this table has no free seat" : "this game has already started: no seat is free");
    try {
      return { roomId, ...(await deps.claim(roomId, seat, displayName, seatToken)) };
    } catch (error) {
      // SEAT_TAKEN: someone sat there first. BAD_REQUEST: another of the profile's devices sat elsewhere with the token.
      if (!(error instanceof TableeError && (error.code === "SEAT_TAKEN" || error.code === "BAD_REQUEST"))) throw error;
    }
  }
  throw new TableeError("NO_FREE_SEAT", "every free seat was taken meanwhile");
}
