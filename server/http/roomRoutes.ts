import type { FastifyInstance, RouteShorthandOptions } from "fastify";
import { z } from "zod";
import { LIMITS, roomIdSchema, TableeError, tokenSchema } from "../../shared/protocol";
import type { ErasedGame } from "../../shared/engine/erase";
import { isCreator, seatOfToken, type RoomRecord } from "../rooms/record";
import type { RoomService } from "../rooms/service";
import type { RoomStore } from "../rooms/store";
import { colourOf } from "../rooms/table";
import { hashToken } from "../rooms/tokens";

const myRoomsBody = z
  .object({
    rooms: z
      .array(z.object({ roomId: roomIdSchema, seatTokens: z.array(tokenSchema).max(LIMITS.seatTokensPerSocket).default([]), creatorToken: tokenSchema.optional() }).strict())
      .max(LIMITS.roomsPerRequest),
  })
  .strict();

/** The room is in play and one of `seats` is among those expected to move. */
function isYourTurn(room: RoomRecord, seats: readonly number[], game: ErasedGame | undefined): boolean {
  if (room.status !== "playing" || room.state === null || game === undefined || seats.length === 0) return false;
  const current = game.currentSeats(room.state);
  return seats.some((seat) => current.includes(seat));
}

/** "My games" (the rooms this browser holds tokens for) and each room's move log / replay. */
export function registerRoomRoutes(app: FastifyInstance, rooms: RoomService, store: RoomStore, tokenListLimit: RouteShorthandOptions): void {
  // POST, not GET: the tokens are secrets and must not end up in URLs or access logs.
  app.post("/api/my-rooms", tokenListLimit, async (request) => {
    const body = myRoomsBody.safeParse(request.body);
    if (!body.success) throw new TableeError("BAD_REQUEST", body.error.issues[0]?.message ?? "bad request");
    const found = [];
    const missing: string[] = [];
    for (const entry of body.data.rooms) {
      const room = await rooms.get(entry.roomId).catch((error: unknown) => {
        if (error instanceof TableeError && error.code === "ROOM_NOT_FOUND") return null;
        throw error;
      });
      if (!room) {
        missing.push(entry.roomId);
        continue;
      }
      const seats = entry.seatTokens.map((token) => seatOfToken(room, hashToken(token))).filter((s): s is number => s !== null);
      const creator = entry.creatorToken !== undefined && isCreator(room, hashToken(entry.creatorToken));
      if (seats.length === 0 && !creator) continue; // tokens that hold nothing here any more
      const yourTurn = isYourTurn(room, seats, rooms.findGame(room.gameId));
      found.push({
        roomId: room.id,
        gameId: room.gameId,
        status: room.status,
        players: room.seats.filter((s) => s.kind === "human" || s.kind === "computer").map((s) => ({ nickname: s.nickname, kind: s.kind, bot: s.bot })),
        mySeats: seats,
        creator,
        moveNumber: room.moveNumber,
        lastActivity: room.updatedAt.toISOString(),
        paceDays: room.settings.paceDays,
        // "It is your turn": the room waits on one of these seats (issue 21's home and My games).
        yourTurn,
        deadline: yourTurn && typeof room.deadline?.deadline === "number" ? new Date(room.deadline.deadline).toISOString() : null,
      });
    }
    found.sort((a, b) => b.lastActivity.localeCompare(a.lastActivity));
    return { rooms: found, missing };
  });

  /**
   * The public move log of a room. Once the game is over, also what a replay needs to show the
   * hidden side too (the seed and the moves as played): nothing is secret any more.
   */
  app.get("/api/rooms/:roomId/log", async (request) => {
    const roomId = roomIdSchema.safeParse((request.params as { roomId?: unknown }).roomId);
    if (!roomId.success) throw new TableeError("ROOM_NOT_FOUND", "no such room");
    const room = await rooms.get(roomId.data);
    return { roomId: room.id, ...(await logOf(room, store)) };
  });

  /**
   * A finished game's replay by its public name (the score list's link): the same log, without the
   * room's id, which is the table's link (its chat, its next game still running).
   */
  app.get("/api/replays/:replayId/log", async (request) => {
    const replayId = replayIdSchema.safeParse((request.params as { replayId?: unknown }).replayId);
    const roomId = replayId.success ? await store.roomOfReplay(replayId.data) : null;
    const room = roomId === null ? null : await rooms.get(roomId);
    if (room === null || room.status !== "finished") throw new TableeError("ROOM_NOT_FOUND", "no such replay");
    return { replayId: replayId.data, ...(await logOf(room, store)) };
  });
}

/** A replay's public name: 32 hexadecimal characters (migration 0017). */
const replayIdSchema = z.string().regex(/^[0-9a-f]{32}$/u);

/** The public move log of a room; once the game is over, also what a replay needs (nothing is secret any more). */
async function logOf(room: RoomRecord, store: RoomStore) {
  const moves = await store.moves(room.id);
  const entries = moves.map((m) => ({ moveNumber: m.moveNumber, seat: m.seat, summary: m.summary, ...(m.standIn ? { standIn: m.standIn } : {}) }));
  const replay =
    room.status === "finished" ? { seed: room.seed, options: room.options, seatCount: room.seats.length, moves: moves.map((m) => ({ seat: m.seat, move: m.move })) } : null;
  return {
    gameId: room.gameId,
    status: room.status,
    seats: room.seats.map((s, index) => ({ nickname: s.nickname, kind: s.kind, bot: s.bot, colour: colourOf(s, index) })),
    entries,
    replay,
  };
}
