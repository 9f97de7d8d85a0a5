import { createHash } from "node:crypto";
import type { RoomPublic, SeatPublic } from "../../shared/protocol";
import type { RoomRecord } from "./record";
import { colourOf } from "./table";

/*
 * The public part of a room (its seats, who is connected, settings, series): the same for every
 * socket, and named by a revision so that a push can leave it out when a socket holds it already.
 */

/** What the socket layer knows about connections to one room. */
export interface Attendance {
  readonly connected: ReadonlySet<number>;
  /** When each absent human seat lost its last connection (or when this process started). */
  disconnectedSince(seat: number): Date | null;
}

export const nobodyConnected = (since: Date): Attendance => ({ connected: new Set(), disconnectedSince: () => since });

export function publicSeats(room: RoomRecord, attendance: Attendance, now: number = Date.now()): SeatPublic[] {
  return room.seats.map((seat, index) => {
    const connected = seat.kind === "computer" || attendance.connected.has(index);
    const away = seat.kind === "human" && !connected ? attendance.disconnectedSince(index) : null;
    return {
      index,
      colour: colourOf(seat, index),
      kind: seat.kind,
      nickname: seat.nickname,
      bot: seat.bot,
      connected,
      standIn: seat.standIn ?? null,
      missedTurns: seat.missedTurns ?? 0,
      disconnectedSince: away ? away.toISOString() : null,
      awayMs: away ? Math.max(0, now - away.getTime()) : null,
    };
  });
}

export function publicRoom(room: RoomRecord, attendance: Attendance, now: number = Date.now()): RoomPublic {
  return {
    id: room.id,
    gameId: room.gameId,
    options: room.options,
    status: room.status,
    seats: publicSeats(room, attendance, now),
    moveNumber: room.moveNumber,
    version: room.version,
    createdAt: room.createdAt.toISOString(),
    settings: room.settings,
    series: room.series,
  };
}

/**
 * Names a public room's content apart from what every move changes (version, move number), so a push
 * can say "the room part you hold is still right" in a few bytes. A hash rather than a counter: the
 * same content gets the same name in every process and after a restart, with nothing to remember.
 */
export function roomRevisionOf(room: RoomPublic): string {
  return createHash("sha1").update(JSON.stringify({ ...room, version: 0, moveNumber: 0 })).digest("base64url").slice(0, 16);
}

/**
 * The last revision worked out for a room, keyed by its seats array: a record keeps that array (and its
 * options, settings and series) by reference until one of them changes, so a move is recognised as
 * "same room part" by a few comparisons instead of serialising and hashing it again.
 */
interface KnownRevision {
  readonly id: string;
  readonly options: RoomRecord["options"];
  readonly status: RoomRecord["status"];
  readonly settings: RoomRecord["settings"];
  readonly series: RoomRecord["series"];
  readonly presence: string;
  readonly revision: string;
}
const revisions = new WeakMap<RoomRecord["seats"], KnownRevision>();

/**
 * The revision of the public room `publicRoom(record, attendance, now)` would build, worked out from
 * the record and the attendance without building it while its inputs are the ones last seen (a move
 * changes none of them).
 */
export function revisionOf(record: RoomRecord, attendance: Attendance, now: number): string {
  const presence = presenceKey(record, attendance, now);
  const known = revisions.get(record.seats);
  if (
    known?.id === record.id &&
    known.options === record.options &&
    known.status === record.status &&
    known.settings === record.settings &&
    known.series === record.series &&
    known.presence === presence
  ) {
    return known.revision;
  }
  const revision = roomRevisionOf(publicRoom(record, attendance, now));
  revisions.set(record.seats, { id: record.id, options: record.options, status: record.status, settings: record.settings, series: record.series, presence, revision });
  return revision;
}

/** What `publicSeats` shows of presence (connected, away since, away for), as one comparable string. */
function presenceKey(record: RoomRecord, attendance: Attendance, now: number): string {
  let key = "";
  for (let index = 0; index < record.seats.length; index++) {
    const seat = record.seats[index]!;
    const connected = seat.kind === "computer" || attendance.connected.has(index);
    const away = seat.kind === "human" && !connected ? attendance.disconnectedSince(index) : null;
    key += `${connected ? 1 : 0}${away ? `${away.getTime()}/${Math.max(0, now - away.getTime())}` : ""},`;
  }
  return key;
}
