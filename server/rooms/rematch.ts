import type { ErasedGame } from "../../shared/engine/erase";
import type { Seat } from "../../shared/engine/types";
import { TableeError } from "../../shared/protocol";
import type { RoomRecord } from "./record";
import { firstMoverShift, rotateBy } from "./seatOrder";
import { tableOf, withColours } from "./table";

/**
 * "Play again" as pure transitions. The next game is a new room (the finished one stays whole: its
 * score rows, replay and page) with the same players, tokens, computer seats, options and settings,
 * its seats rotated by one so the first player rotates (further for a game whose first mover must be a human); both rooms point to each other and clients
 * follow the finished room's `series.nextRoomId` with the tokens they already hold. The rooms of a
 * series make one table (`series.tableId`): one chat, and each player's colour wherever they sit.
 */

/** Who is asking: the seat their token holds (null for a creator without a seat) and whether it is the creator's token. */
export interface Asker {
  readonly seat: Seat | null;
  readonly creator: boolean;
}

/**
 * Whether `asker` may start the next game now: the creator, or — when the creator is not connected —
 * the first seated human who is.
 */
export function mayStartRematch(room: RoomRecord, asker: Asker, creatorConnected: boolean, connected: ReadonlySet<Seat>): boolean {
  if (asker.creator) return true;
  if (creatorConnected || asker.seat === null) return false;
  const firstPresent = room.seats.findIndex((seat, index) => seat.kind === "human" && connected.has(index));
  return firstPresent === asker.seat;
}

export function requireFinished(room: RoomRecord): void {
  if (room.status !== "finished") throw new TableeError("GAME_NOT_OVER", "the game is not over yet");
}

/** Records that `seat` would like to play again (shown to whoever may start it). */
export function askRematch(room: RoomRecord, seat: Seat, now: Date): RoomRecord {
  requireFinished(room);
  if (room.series.nextRoomId !== null || room.series.rematchAsks.includes(seat)) return room;
  const rematchAsks = [...room.series.rematchAsks, seat].sort((a, b) => a - b);
  return { ...room, series: { ...room.series, rematchAsks }, version: room.version + 1, updatedAt: now };
}


/**
 * The finished room pointing to the next game, and the next game itself, started with `seed`. The
 * seats keep their token hashes (each device's token holds its seat in the next game too) and lose
 * their stand-ins; the series tally counts this game's winners.
 */
export function startRematch(room: RoomRecord, game: ErasedGame, nextId: string, seed: string, now: Date): { finished: RoomRecord; next: RoomRecord } {
  requireFinished(room);
  const count = room.seats.length;
  const winners = game.outcome(room.state).winners;
  const winsAfter = room.series.winsBefore.map((wins, seat) => wins + (winners.includes(seat) ? 1 : 0));
  // Seat s of this game is seat s - 1 of the next one (seat 0 goes last), or further round when the
  // game wants a human to move first and the next in turn is a computer (GameDefinition.humanFirst).
  const shift = firstMoverShift(game, room.seats, 1);
  const mutedNext = room.settings.chatMutedSeats.map((seat) => (seat - shift + count) % count).sort((a, b) => a - b);
  const next: RoomRecord = {
    id: nextId,
    gameId: room.gameId,
    options: room.options,
    status: "playing",
    creatorTokenHash: room.creatorTokenHash,
    // Away time counts from this game's start, not the previous one's (see startGame).
    // Each seat record carries its player's colour to the seat they take (a room started before
    // colours were written down gets them here, from its seat numbers).
    seats: rotateBy(withColours(room.seats), shift).map((seat) => ({ ...seat, standIn: null, standInForOneTurn: false, missedTurns: 0, ...(seat.kind === "human" ? { expectedSince: now.getTime() } : {}) })),
    settings: { ...room.settings, chatMutedSeats: mutedNext },
    timer: null,
    state: game.setup(room.options, count, seed),
    seed,
    version: 0,
    moveNumber: 0,
    createdAt: now,
    updatedAt: now,
    log: [],
    series: { number: room.series.number + 1, tableId: tableOf(room), previousRoomId: room.id, nextRoomId: null, rematchAsks: [], winsBefore: rotateBy(winsAfter, shift) },
  };
  const finished: RoomRecord = { ...room, series: { ...room.series, nextRoomId: nextId }, version: room.version + 1, updatedAt: now };
  return { finished, next };
}
