import type { FastifyInstance } from "fastify";
import { ratingLeaderboardQuerySchema, TableeError, type ProfileStats, type RatingLeaderboard } from "../../shared/protocol";
import type { PrismaClient } from "../db/generated/client";
import { SESSION_COOKIE, type Profiles } from "../profiles";
import { profileStats, ratingLeaderboard } from "../ratings/queries";
import { parseBody } from "./parseBody";
import { signedIn } from "./signedIn";

/** What the rating routes need. */
export interface RatingRouteDeps {
  readonly prisma: PrismaClient;
  readonly profiles: Profiles;
  readonly perMinute: number; // per address and route, as the profile routes
  readonly minGamesListed: number; // the global leaderboard's minimum of rated games
}

/**
 * Ratings (docs/protocol.md, "Ratings"): the signed-in profile's stats, and the leaderboards per
 * game, among everyone or among my friends. Read-only (GET), so no cross-site check is needed; each
 * route has its per-address limit, and its query is checked by shared/protocol/ratings.ts.
 */
export function registerRatingRoutes(app: FastifyInstance, deps: RatingRouteDeps): void {
  const limited = { config: { rateLimit: { max: deps.perMinute, timeWindow: "1 minute" } } };

  app.get("/api/profile/stats", limited, async (request, reply): Promise<ProfileStats> => {
    reply.header("cache-control", "no-store");
    return profileStats(deps.prisma, await signedIn(deps.profiles, request));
  });

  app.get("/api/ratings/leaderboard", limited, async (request, reply): Promise<RatingLeaderboard> => {
    const query = parseBody(ratingLeaderboardQuerySchema, request.query);
    reply.header("cache-control", "no-store"); // "you" depends on the cookie
    const me = await deps.profiles.sessions.profileOf(request.cookies[SESSION_COOKIE]);
    if (query.among === "friends" && me === null) throw new TableeError("NOT_SIGNED_IN", "sign in to see the leaderboard among your friends");
    const rows = await ratingLeaderboard(deps.prisma, query.game, query.among, me, deps.minGamesListed);
    return { gameId: query.game, among: query.among, minGames: deps.minGamesListed, rows };
  });
}
