import type { PublicMoveSummary } from "../../shared/engine/types";
import { LIMITS, type LogEntry, type PublicSeatKind, type RoomSeries, type RoomSettings, type RoomStatus } from "../../shared/protocol";
import { sameHash } from "./tokens";

/** A seat as stored: the token hash stays on the server. */
export interface SeatRecord {
  readonly kind: PublicSeatKind;
  readonly nickname: string | null;
  readonly tokenHash: string | null; // set for claimed human seats
  readonly bot: string | null; // bot id for computer seats
  readonly standIn?: string | null; // bot id playing for an absent human (take-over), until they return
  /** Turns in a row a stand-in played for this human because their time ran out (slow rooms). */
  readonly missedTurns?: number;
  /** The stand-in plays only the turn whose time ran out (true), or until the human returns. */
  readonly standInForOneTurn?: boolean;
  /** The player's colour at the table (SeatPublic.colour): set at the start, kept by "play again" (table.ts). */
  readonly colour?: number;
  /** Epoch ms from which this seat could have been connected (its claim, then the game's start): away time counts from here at the earliest. */
  readonly expectedSince?: number;
}

/** A room as the server holds it in memory and in the `rooms` table. */
export interface RoomRecord {
  readonly id: string;
  readonly gameId: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly status: RoomStatus;
  readonly creatorTokenHash: string;
  readonly seats: readonly SeatRecord[];
  readonly settings: RoomSettings;
  readonly timer: RoomTimer | null; // the game's running countdown, owned by the server
  /** A slow room's deadline for the turn in play (settings.paceDays), persisted like the timer. */
  readonly deadline?: PaceDeadline | null;
  readonly state: unknown; // engine state, null before the start; secret
  readonly seed: string | null; // secret
  readonly version: number; // optimistic concurrency: every write bumps it
  readonly moveNumber: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly log: readonly LogEntry[]; // recent public move records, oldest first
  readonly series: RoomSeries; // this game's place among the games played at this table ("play again")
  /** Client-chosen ids of the recent moves that had one (server only): a resend is answered, not replayed. */
  readonly moveIds?: readonly MoveIdRecord[];
}

/**
 * The time a slow room's current turn may take. It belongs to the position `moveNumber`: any move
 * starts a new turn and a new deadline. Absolute, unlike the game's short timers: days are kept
 * across restarts as they are (an outage of minutes does not matter at this scale). While the game is
 * paused `deadline` is null and `remainingMs` holds what was left, so a pause neither eats the turn nor
 * gives a fresh one.
 */
export type PaceDeadline = {
  readonly moveNumber: number;
  readonly durationMs: number;
} & ({ readonly deadline: number /* epoch ms */ } | { readonly deadline: null; readonly remainingMs: number });

/** One accepted move, written in the same transaction as the room's new state (the `room_moves` table). */
export interface MoveRow {
  readonly moveNumber: number;
  readonly seat: number;
  readonly move: unknown;
  readonly summary: PublicMoveSummary;
  readonly moveId?: string | null; // the client's id for it, when it sent one
  readonly standIn?: string | null; // the computer level that played it for an absent human
}

/** A move the client named (`game:move` moveId), as remembered with the room's log tail. */
export interface MoveIdRecord {
  readonly moveId: string;
  readonly seat: number;
  readonly moveNumber: number;
}

/**
 * A countdown as the server keeps it. While it runs, `deadline` is an absolute time (epoch ms); while
 * the game is paused it is null and `remainingMs` holds what was left.
 */
export interface RoomTimer {
  readonly key: string;
  readonly durationMs: number;
  readonly deadline: number | null;
  readonly remainingMs: number;
}

/** The seat whose token hash matches, or null. */
export function seatOfToken(room: RoomRecord, tokenHash: string): number | null {
  const index = room.seats.findIndex((seat) => seat.tokenHash !== null && sameHash(seat.tokenHash, tokenHash));
  return index < 0 ? null : index;
}

export function isCreator(room: RoomRecord, tokenHash: string | null): boolean {
  return tokenHash !== null && sameHash(room.creatorTokenHash, tokenHash);
}

export const openSeat: SeatRecord = { kind: "open", nickname: null, tokenHash: null, bot: null, standIn: null };

export const DEFAULT_SETTINGS: RoomSettings = {
  botSpeed: "normal",
  hints: false,
  takeoverAfterMs: 60_000,
  spectatorChat: true,
  chatMutedSeats: [],
  paceDays: null,
};

/** The series of a room that is the first game at its table. */
export function firstGameSeries(seatCount: number): RoomSeries {
  return { number: 1, previousRoomId: null, nextRoomId: null, rematchAsks: [], winsBefore: Array.from({ length: seatCount }, () => 0) };
}

/** The bot that plays `seat` now: a computer seat's own, or a stand-in for an absent human. */
export function botOfSeat(room: RoomRecord, seat: number): string | null {
  const record = room.seats[seat];
  if (!record) return null;
  return record.kind === "computer" ? record.bot : (record.standIn ?? null);
}

/**
 * The room's log tail with `entry` added, the oldest entries dropped past LIMITS.logTail. One array
 * of the final size: this runs at every move, and the tail lives as long as the room record.
 */
export function withLogEntry(log: readonly LogEntry[], entry: LogEntry): LogEntry[] {
  const from = Math.max(0, log.length + 1 - LIMITS.logTail);
  const tail = new Array<LogEntry>(log.length - from + 1);
  for (let i = from; i < log.length; i++) tail[i - from] = log[i]!;
  tail[tail.length - 1] = entry;
  return tail;
}

/** A seat a computer stands in for, or whose human has missed turns: their return clears both. */
export const awayMarked = (seat: SeatRecord | undefined): boolean => Boolean(seat?.standIn || seat?.missedTurns);
