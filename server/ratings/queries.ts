import { Prisma, type PrismaClient } from "../db/generated/client";
import type { GameStats, LeaderboardRow, LeaderboardScope, PlayedWith, ProfileStats, RatingPoint, RecentGame } from "../../shared/protocol";
import { displayRating, isProvisional } from "./rate";

/** Points of a rating's history sent per game: enough for a small chart. */
export const RATING_HISTORY_POINTS = 50;
/** People "played most with" listed per game. */
export const PLAYED_WITH_LISTED = 5;
/** Recent games listed on the profile page. */
export const RECENT_GAMES = 10;
/** Lines of a leaderboard. */
export const LEADERBOARD_ROWS = 100;

/**
 * What the profile page shows of the signed-in profile (GET /api/profile/stats). A game is one
 * (room, finished_at): a profile that held two seats of it counts it once. Others appear by their
 * display name only.
 */
export async function profileStats(prisma: PrismaClient, profileId: string): Promise<ProfileStats> {
  const [counts, ratings, history, playedWith, recent] = await Promise.all([
    prisma.$queryRaw<{ game_id: string; played: number; won: number }[]>`
      SELECT game_id, count(DISTINCT (room_id, finished_at))::int AS played,
             (count(DISTINCT (room_id, finished_at)) FILTER (WHERE winner))::int AS won
      FROM profile_results WHERE profile_id = ${profileId}
      GROUP BY game_id ORDER BY played DESC, game_id`,
    prisma.rating.findMany({ where: { profileId } }),
    prisma.$queryRaw<{ game_id: string; finished_at: Date; mu_before: number; sigma_before: number; mu_after: number; sigma_after: number }[]>`
      -- In the order the ratings were applied (ids are taken under the score chain's lock), not by
      -- finished_at (the pass's clock, read before that lock: two games ending together may swap).
      SELECT game_id, finished_at, mu_before, sigma_before, mu_after, sigma_after FROM (
        SELECT id, game_id, finished_at, mu_before, sigma_before, mu_after, sigma_after,
               row_number() OVER (PARTITION BY game_id ORDER BY id DESC) AS newest
        FROM profile_results WHERE profile_id = ${profileId} AND rated
      ) AS rated WHERE newest <= ${RATING_HISTORY_POINTS}
      ORDER BY game_id, id`,
    prisma.$queryRaw<{ game_id: string; display_name: string; games: number }[]>`
      SELECT game_id, display_name, games FROM (
        SELECT mine.game_id, other.display_name, count(DISTINCT (mine.room_id, mine.finished_at))::int AS games,
               row_number() OVER (PARTITION BY mine.game_id ORDER BY count(DISTINCT (mine.room_id, mine.finished_at)) DESC, other.display_name) AS place
        FROM profile_results mine
        JOIN profile_results theirs ON theirs.room_id = mine.room_id AND theirs.finished_at = mine.finished_at AND theirs.profile_id <> mine.profile_id
        JOIN profiles other ON other.id = theirs.profile_id
        WHERE mine.profile_id = ${profileId}
        GROUP BY mine.game_id, theirs.profile_id, other.display_name
      ) AS ranked WHERE place <= ${PLAYED_WITH_LISTED}
      ORDER BY game_id, place`,
    prisma.$queryRaw<{ game_id: string; room_id: string; finished_at: Date; nickname: string; rank: number; seats: number; winner: boolean; mu_before: number | null; sigma_before: number | null; mu_after: number | null; sigma_after: number | null; room_exists: boolean }[]>`
      SELECT * FROM (
        SELECT DISTINCT ON (r.room_id, r.finished_at) r.game_id, r.room_id, r.finished_at, r.nickname, r.rank, r.seats, r.winner,
               r.mu_before, r.sigma_before, r.mu_after, r.sigma_after, (room.id IS NOT NULL) AS room_exists
        FROM profile_results r LEFT JOIN rooms room ON room.id = r.room_id
        WHERE r.profile_id = ${profileId}
        ORDER BY r.room_id, r.finished_at, r.rated DESC, r.rank
      ) AS games ORDER BY finished_at DESC LIMIT ${RECENT_GAMES}`,
  ]);
  const ratingOf = new Map(ratings.map((row) => [row.gameId, row]));
  const games: GameStats[] = counts.map((count) => {
    const rating = ratingOf.get(count.game_id);
    return {
      gameId: count.game_id,
      rating: rating ? displayRating(rating) : null,
      provisional: isProvisional(rating?.games ?? 0),
      played: count.played,
      won: count.won,
      ratedGames: rating?.games ?? 0,
      history: historyOf(history.filter((row) => row.game_id === count.game_id), rating?.games ?? 0),
      playedWith: playedWith.filter((row) => row.game_id === count.game_id).map((row): PlayedWith => ({ displayName: row.display_name, games: row.games })),
    };
  });
  return {
    games,
    recent: recent.map((row): RecentGame => ({
      gameId: row.game_id,
      finishedAt: row.finished_at.toISOString(),
      nickname: row.nickname,
      rank: row.rank,
      seats: row.seats,
      winner: row.winner,
      ratingChange: ratingChange(row),
      replayPath: row.room_exists ? `/r/${encodeURIComponent(row.room_id)}/replay` : null,
    })),
  };
}

/**
 * The shown rating after each rated game, oldest first; when the rows reach back to the first rated
 * game (`ratedGames` of them), the rating it started from comes first, so one game draws a line.
 */
function historyOf(rows: readonly { finished_at: Date; mu_before: number; sigma_before: number; mu_after: number; sigma_after: number }[], ratedGames: number): RatingPoint[] {
  const points = rows.map((row): RatingPoint => ({ finishedAt: row.finished_at.toISOString(), rating: displayRating({ mu: row.mu_after, sigma: row.sigma_after }) }));
  const first = rows[0];
  if (first === undefined || rows.length < ratedGames) return points;
  return [{ finishedAt: first.finished_at.toISOString(), rating: displayRating({ mu: first.mu_before, sigma: first.sigma_before }) }, ...points];
}

function ratingChange(row: { mu_before: number | null; sigma_before: number | null; mu_after: number | null; sigma_after: number | null }): number | null {
  if (row.mu_before === null || row.sigma_before === null || row.mu_after === null || row.sigma_after === null) return null;
  return displayRating({ mu: row.mu_after, sigma: row.sigma_after }) - displayRating({ mu: row.mu_before, sigma: row.sigma_before });
}

/**
 * The best ratings of a game (GET /api/ratings/leaderboard), ordered by the shown rating (mu − 3·sigma).
 * "everyone": profiles with at least `minGames` rated games; "friends": `me` and its accepted friends,
 * from their first rated game. `me` (null for a guest) marks its own line.
 */
export async function ratingLeaderboard(prisma: PrismaClient, gameId: string, among: LeaderboardScope, me: string | null, minGames: number): Promise<LeaderboardRow[]> {
  const who =
    among === "friends"
      ? Prisma.sql`(r.profile_id = ${me} OR r.profile_id IN (
          SELECT CASE WHEN f.requester_id = ${me} THEN f.addressee_id ELSE f.requester_id END FROM friendships f
          WHERE f.status = 'accepted' AND (f.requester_id = ${me} OR f.addressee_id = ${me})))`
      : Prisma.sql`r.games >= ${minGames}`;
  const rows = await prisma.$queryRaw<{ display_name: string; mu: number; sigma: number; games: number; wins: number; you: boolean }[]>`
    SELECT p.display_name, r.mu, r.sigma, r.games, r.wins, coalesce(r.profile_id = ${me}, false) AS you
    FROM ratings r JOIN profiles p ON p.id = r.profile_id
    WHERE r.game_id = ${gameId} AND ${who}
    ORDER BY r.mu - 3 * r.sigma DESC, r.games DESC, p.display_name
    LIMIT ${LEADERBOARD_ROWS}`;
  const shown = rows.map((row) => displayRating(row));
  return rows.map((row, index) => ({
    position: 1 + shown.filter((rating) => rating > shown[index]!).length, // equal ratings share a place
    displayName: row.display_name,
    rating: shown[index]!,
    provisional: isProvisional(row.games),
    games: row.games,
    wins: row.wins,
    you: row.you,
  }));
}
