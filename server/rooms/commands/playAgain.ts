import type { FastifyBaseLogger } from "fastify";
import { TableeError } from "../../../shared/protocol";
import type { Command } from "../decide";
import { isCreator, seatOfToken, type RoomRecord } from "../record";
import { askRematch, requireFinished, startRematch, type Asker } from "../rematch";
import { hashToken, newRoomId, newSeed } from "../tokens";

/**
 * "Play again" after the game. Whoever may start it (`mayStart`, from the socket layer, which knows
 * who is connected) opens the next game; another seated player's ask is recorded for them to see.
 * Asks racing each other (even on two processes) open one next game: the finished room's version
 * guards it, and an ask that finds the next game already open gets its id.
 */
export function playAgain(token: string, mayStart: (room: RoomRecord, asker: Asker) => boolean, log: FastifyBaseLogger): Command<{ nextRoomId: string | null }> {
  return (room, game, now) => {
    requireFinished(room);
    if (room.series.nextRoomId !== null) return { next: room, result: { nextRoomId: room.series.nextRoomId } };
    const hash = hashToken(token);
    const asker: Asker = { seat: seatOfToken(room, hash), creator: isCreator(room, hash) };
    if (asker.seat === null && !asker.creator) throw new TableeError("NOT_YOUR_SEAT", "only the players may ask to play again");
    if (!mayStart(room, asker)) return { next: askRematch(room, asker.seat ?? 0, now), result: { nextRoomId: null } };
    const { finished, next } = startRematch(room, game, newRoomId(), newSeed(), now);
    log.info({ roomId: room.id, nextRoomId: next.id, game: next.series.number }, "next game at the table");
    return { next: finished, created: next, result: { nextRoomId: next.id } };
  };
}
