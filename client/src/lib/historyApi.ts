import * as z from "zod/mini";
import { ROOM_STATUSES } from "../../../shared/protocol/messages";
import { isRoomId, isToken } from "../../../shared/protocol/identifierChecks";
import { postJson, request, type Result } from "./api";
import type { StoredRoom } from "./storage";

/**
 * The "after the game" API: my rooms, a room's move log and replay data, the score list. Answers
 * are checked with zod (its mini build, as in api.ts) like every other server input.
 */
const playerSchema = z.object({ nickname: z.nullable(z.string()), kind: z.string(), bot: z.nullable(z.string()) });
export type PlayerInfo = z.infer<typeof playerSchema>;

const myRoomSchema = z.object({
  roomId: z.string(),
  gameId: z.string(),
  status: z.enum(ROOM_STATUSES),
  players: z.array(playerSchema),
  mySeats: z.array(z.int()),
  creator: z.boolean(),
  moveNumber: z.int(),
  lastActivity: z.string(),
  paceDays: z._default(z.nullable(z.int()), null), // a slow room's days per move
  yourTurn: z._default(z.boolean(), false), // in play, and one of mySeats is to move
  deadline: z._default(z.nullable(z.string()), null), // ISO end of that turn, in a slow room
});
const myRoomsSchema = z.object({ rooms: z.array(myRoomSchema), missing: z.array(z.string()) });
export type MyRoom = z.infer<typeof myRoomSchema>;

/** The server accepts at most this many rooms per request. */
const MY_ROOMS_MAX = 200;

/**
 * One malformed key (edited by hand, an old format) would make the server refuse the whole list,
 * so entries are cleaned with the protocol's own checks first.
 */
export function myRoomsRequest(rooms: readonly StoredRoom[]): StoredRoom[] {
  return rooms
    .filter((room) => isRoomId(room.roomId))
    .map((room) => ({
      roomId: room.roomId,
      seatTokens: room.seatTokens.filter(isToken),
      ...(isToken(room.creatorToken) && { creatorToken: room.creatorToken }),
    }))
    .slice(-MY_ROOMS_MAX); // the newest (listStoredRooms: newest last)
}

export function fetchMyRooms(rooms: readonly StoredRoom[]): Promise<Result<z.infer<typeof myRoomsSchema>>> {
  return postJson("/api/my-rooms", myRoomsSchema, { rooms: myRoomsRequest(rooms) });
}

const logEntrySchema = z.object({
  moveNumber: z.int(),
  seat: z.int(),
  summary: z.looseObject({ type: z.string() }),
  standIn: z.optional(z.string()), // a computer's level, when it played this move for an absent human
});
const roomLogSchema = z.object({
  roomId: z.optional(z.string()), // a room's log (its link known)
  replayId: z.optional(z.string()), // a replay by its public name (the score list's): no room id
  gameId: z.string(),
  status: z.enum(ROOM_STATUSES),
  // colour: the player's colour at the table (SeatPublic.colour); a server without it means the seat number.
  seats: z.array(z.extend(playerSchema, { colour: z.optional(z.int().check(z.minimum(0))) })),
  entries: z.array(logEntrySchema),
  replay: z.nullable(
    z.object({
      seed: z.string(),
      options: z.unknown(),
      seatCount: z.int(),
      moves: z.array(z.object({ seat: z.int(), move: z.unknown() })),
    }),
  ),
});
export type RoomLog = z.infer<typeof roomLogSchema>;

export function fetchRoomLog(roomId: string): Promise<Result<RoomLog>> {
  return request(`/api/rooms/${encodeURIComponent(roomId)}/log`, roomLogSchema);
}

/** A finished game's replay by its public name, as the score list links it. */
export function fetchReplayLog(replayId: string): Promise<Result<RoomLog>> {
  return request(`/api/replays/${encodeURIComponent(replayId)}/log`, roomLogSchema);
}

const scoreEntrySchema = z.object({
  id: z.string(),
  gameId: z.string(),
  gameName: z.string(),
  replayId: z.nullable(z.string()), // the replay's public name (null: the room is gone)
  seat: z.int(),
  nickname: z.string(),
  isComputer: z.boolean(),
  botLevel: z.nullable(z.string()),
  score: z.number(),
  rank: z.int(),
  winner: z.boolean(),
  finishedAt: z.string(),
  optionsSummary: z.string(),
});
const scorePageSchema = z.object({ entries: z.array(scoreEntrySchema), nextCursor: z.nullable(z.string()) });
export type ScoreEntry = z.infer<typeof scoreEntrySchema>;

const leaderboardSchema = z.object({
  gameId: z.string(),
  rows: z.array(
    z.object({
      nickname: z.string(),
      isComputer: z._default(z.boolean(), false), // a computer level's row (they never merge with a person's)
      botLevel: z._default(z.nullable(z.string()), null), // its level's id: shown in the reader's language
      games: z.number(),
      wins: z.number(),
      bestScore: z.number(),
    }),
  ),
});
export type LeaderboardRow = z.infer<typeof leaderboardSchema>["rows"][number];

export interface ScoreFilter {
  readonly game: string; // "" = every game
  readonly nickname: string; // "" = everyone; exact, case-insensitive on the server
}

/** The query string of a filter. Empty filters are left out: the server refuses empty values. */
export function scoreQuery(filter: ScoreFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  if (filter.game !== "") params.set("game", filter.game);
  const nickname = filter.nickname.trim();
  if (nickname !== "") params.set("nickname", nickname);
  for (const [key, value] of Object.entries(extra)) params.set(key, value);
  const text = params.toString();
  return text === "" ? "" : `?${text}`;
}

export function fetchScores(filter: ScoreFilter, cursor: string | null, limit = 50): Promise<Result<z.infer<typeof scorePageSchema>>> {
  const extra: Record<string, string> = { limit: String(limit), ...(cursor !== null && { cursor }) };
  return request(`/api/scores${scoreQuery(filter, extra)}`, scorePageSchema);
}

export function fetchLeaderboard(gameId: string): Promise<Result<z.infer<typeof leaderboardSchema>>> {
  return request(`/api/scores/leaderboard${scoreQuery({ game: gameId, nickname: "" })}`, leaderboardSchema);
}

export const scoresCsvUrl = (filter: ScoreFilter): string => `/api/scores.csv${scoreQuery(filter)}`;
