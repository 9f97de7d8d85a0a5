import * as z from "zod/mini";
import type { LeaderboardScope, ProfileStats, RatingLeaderboard } from "../../../shared/protocol";
import { request } from "../lib/api";

/** The server's answers, checked like any input (docs/protocol.md, "Ratings"). */
const pointSchema = z.object({ finishedAt: z.string(), rating: z.number() });
const gameStatsSchema = z.object({
  gameId: z.string(),
  rating: z.nullable(z.number()),
  provisional: z.boolean(),
  played: z.number(),
  won: z.number(),
  ratedGames: z.number(),
  history: z.array(pointSchema),
  playedWith: z.array(z.object({ displayName: z.string(), games: z.number() })),
});
const recentSchema = z.object({
  gameId: z.string(),
  finishedAt: z.string(),
  nickname: z.string(),
  rank: z.number(),
  seats: z.number(),
  winner: z.boolean(),
  ratingChange: z.nullable(z.number()),
  replayPath: z.nullable(z.string()),
});
const statsSchema: z.ZodMiniType<ProfileStats> = z.object({ games: z.array(gameStatsSchema), recent: z.array(recentSchema) });
const rowSchema = z.object({ position: z.number(), displayName: z.string(), rating: z.number(), provisional: z.boolean(), games: z.number(), wins: z.number(), you: z.boolean() });
const leaderboardSchema: z.ZodMiniType<RatingLeaderboard> = z.object({ gameId: z.string(), among: z.enum(["everyone", "friends"]), minGames: z.number(), rows: z.array(rowSchema) });

export const fetchProfileStats = () => request("/api/profile/stats", statsSchema, { cache: "no-store" });

export const fetchRatingLeaderboard = (gameId: string, among: LeaderboardScope) =>
  request(`/api/ratings/leaderboard?${new URLSearchParams({ game: gameId, among }).toString()}`, leaderboardSchema, { cache: "no-store" });

/** The leaderboards page, opened on one game. */
export const leaderboardsPath = (gameId?: string): string => (gameId === undefined ? "/leaderboards" : `/leaderboards?${new URLSearchParams({ game: gameId }).toString()}`);
