import { z } from "zod";
import { gameIdSchema } from "./schemas";

/**
 * Ratings (issue 35, docs/ratings.md): the signed-in profile's stats and the leaderboards per game,
 * answers of GET /api/profile/stats and GET /api/ratings/leaderboard (docs/protocol.md). Profiles
 * appear by their display name only: no id ever leaves the server.
 */

/** One point of a rating's history: the shown rating after a rated game. */
export interface RatingPoint {
  readonly finishedAt: string; // ISO
  readonly rating: number;
}

/** Someone the profile finished games with, by display name, and how many games of this kind. */
export interface PlayedWith {
  readonly displayName: string;
  readonly games: number;
}

/** The profile in one game. */
export interface GameStats {
  readonly gameId: string;
  /** The shown rating (1500 for a new player; docs/ratings.md), null before any rated game. */
  readonly rating: number | null;
  readonly provisional: boolean; // fewer rated games than PROVISIONAL_GAMES
  readonly played: number; // finished games, rated or not
  readonly won: number;
  readonly ratedGames: number;
  /** The shown rating after each rated game, oldest first (the last RATING_HISTORY_POINTS), preceded by the one it started from when they reach back to the first. */
  readonly history: readonly RatingPoint[];
  readonly playedWith: readonly PlayedWith[]; // most games first
}

/** One of the profile's recent finished games. */
export interface RecentGame {
  readonly gameId: string;
  readonly finishedAt: string; // ISO
  readonly nickname: string; // the name typed in that game
  readonly rank: number;
  readonly seats: number;
  readonly winner: boolean;
  /** How much the shown rating moved (null: not rated). */
  readonly ratingChange: number | null;
  /** `/r/<roomId>/replay` while the room still exists, else null. */
  readonly replayPath: string | null;
}

/** GET /api/profile/stats: the signed-in profile's games, most played first, and its recent games. */
export interface ProfileStats {
  readonly games: readonly GameStats[];
  readonly recent: readonly RecentGame[];
}

export const LEADERBOARD_SCOPES = ["everyone", "friends"] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

/** GET /api/ratings/leaderboard?game=…&among=everyone|friends ("friends": the accepted friends and me; signed in only). */
export const ratingLeaderboardQuerySchema = z
  .object({
    game: gameIdSchema,
    among: z.enum(LEADERBOARD_SCOPES, { error: "among is everyone or friends" }).default("everyone"),
  })
  .strict();
export type RatingLeaderboardQuery = z.output<typeof ratingLeaderboardQuerySchema>;

/** One line of a leaderboard. */
export interface LeaderboardRow {
  readonly position: number; // 1 = best shown rating; equal ratings share a position
  readonly displayName: string;
  readonly rating: number;
  readonly provisional: boolean;
  readonly games: number; // rated games
  readonly wins: number;
  readonly you: boolean; // the signed-in profile's own line
}

/** The answer: the best ratings of the game (everyone: from `minGames` rated games on). */
export interface RatingLeaderboard {
  readonly gameId: string;
  readonly among: LeaderboardScope;
  readonly minGames: number;
  readonly rows: readonly LeaderboardRow[];
}
