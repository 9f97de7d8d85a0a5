import type { ErasedGame } from "../../shared/engine/erase";
import type { RoomSnapshot, SeatPublic } from "../../shared/protocol";
import { isCreator, seatOfToken, type RoomRecord } from "./record";

/** Who is looking: the token hashes a socket presented, in the order it sent them. */
export interface Viewer {
  readonly seatTokenHashes: readonly string[];
  readonly creatorTokenHash: string | null;
}

export function publicSeats(room: RoomRecord, connectedSeats: ReadonlySet<number>): SeatPublic[] {
  return room.seats.map((seat, index) => ({
    index,
    kind: seat.kind,
    nickname: seat.nickname,
    bot: seat.bot,
    connected: seat.kind === "computer" || connectedSeats.has(index),
  }));
}

/** The seats a viewer holds, aligned with the tokens it presented (null where a token holds none). */
export function seatsOfViewer(room: RoomRecord, viewer: Viewer): (number | null)[] {
  return viewer.seatTokenHashes.map((hash) => seatOfToken(room, hash));
}

/**
 * Everything one socket may see. Game data goes out only through `game.view(state, seat)`, called
 * for the seats this viewer holds, or once as a spectator; the state itself never leaves.
 */
export function buildSnapshot(
  room: RoomRecord,
  game: ErasedGame,
  viewer: Viewer,
  connectedSeats: ReadonlySet<number>,
  viewFor: (seat: number | null) => unknown = (seat) => game.view(room.state, seat),
): RoomSnapshot {
  const held = seatsOfViewer(room, viewer);
  const ownSeats = [...new Set(held.filter((s): s is number => s !== null))].sort((a, b) => a - b);
  const started = room.state !== null;
  const views = !started ? [] : ownSeats.length > 0 ? ownSeats.map((seat) => ({ seat, view: viewFor(seat) })) : [{ seat: null, view: viewFor(null) }];
  return {
    room: {
      id: room.id,
      gameId: room.gameId,
      options: room.options,
      status: room.status,
      seats: publicSeats(room, connectedSeats),
      moveNumber: room.moveNumber,
      createdAt: room.createdAt.toISOString(),
    },
    you: { seats: held, creator: isCreator(room, viewer.creatorTokenHash) },
    views,
    currentSeats: started ? game.currentSeats(room.state) : [],
    outcome: started ? game.outcome(room.state) : null,
    log: room.log,
  };
}
