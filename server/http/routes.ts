import { existsSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { UPCOMING_GAMES } from "../../shared/games/registry";
import { createDemoSchema, createRoomSchema, roomIdSchema, TableeError, type ErrorCode } from "../../shared/protocol";
import type { RoomService } from "../rooms/service";
import { nobodyConnected, publicRoom } from "../rooms/publicRoom";
import type { RoomStore } from "../rooms/store";
import { registerSecurity, roomCreationLimit, tokenListLimit, type HttpLimits } from "./security";
import type { PrismaClient } from "../db/generated/client";
import { isDatabaseUnavailable } from "../db/outage";
import { loggableError } from "../db/loggable";
import type { RedisStatus } from "../cluster/redis";
import { registerRoomRoutes } from "./roomRoutes";
import { registerScoreRoutes } from "./scoreRoutes";
import { registerPushRoutes } from "./pushRoutes";
import type { PushStore } from "../push/store";
import { registerClient, registerCompression } from "./client";
import { registerCrossSiteCheck } from "./crossSite";
import { DEFAULT_PROFILE_REQUESTS_PER_MINUTE, registerProfileRoutes } from "./profileRoutes";
import { registerRatingRoutes } from "./ratingRoutes";
import { DEFAULT_MIN_GAMES_LISTED } from "../ratings/rate";
import type { Profiles } from "../profiles";
import type { Friends } from "../friends";
import { registerFriendRoutes } from "./friendRoutes";
import { lookupWith } from "../profiles/seats";

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  BAD_REQUEST: 400,
  BAD_OPTIONS: 400,
  UNKNOWN_GAME: 404,
  ROOM_NOT_FOUND: 404,
  RATE_LIMITED: 429,
  UNAVAILABLE: 503,
  NOT_SIGNED_IN: 401,
  PASSKEY_REFUSED: 400,
  PASSKEY_CHECK_NEEDED: 403,
  LINK_EXPIRED: 410,
  CROSS_SITE: 403,
  NO_SUCH_PERSON: 404,
  FRIEND_SELF: 400,
  NOT_AT_TABLE: 403,
  NOT_INVITED: 403,
};

/** How long /healthz waits for the database before answering 503. */
const HEALTH_TIMEOUT_MS = 800;

export interface RouteDeps {
  readonly rooms: RoomService;
  readonly store: RoomStore;
  readonly prisma: PrismaClient;
  readonly databaseKind: string;
  readonly clientDir: string | null; // the built client, when there is one
  readonly limits: HttpLimits;
  /** Several processes: whether Redis is reachable (null when this process runs alone). */
  readonly redis?: () => RedisStatus | null;
  /** Web Push: the VAPID public key browsers subscribe with, and where subscriptions are kept. */
  readonly push: { readonly publicKey: string; readonly store: PushStore; readonly allowLocalEndpoints: boolean };
  /** Profiles (passkeys, sessions, the seats they hold). */
  readonly profiles: Profiles;
  /** Friends: lists, requests, invitations to a table. */
  readonly friends: Friends;
  /** Origins (besides our own) whose pages may make state-changing requests (ALLOWED_ORIGINS). */
  readonly allowedOrigins: readonly string[];
  /** The global rating leaderboard lists profiles from this many rated games on (default DEFAULT_MIN_GAMES_LISTED). */
  readonly minGamesListed?: number;
}

/** Compression, the JSON API, the health check and the built client (with a fallback to index.html for client routes). */
export async function registerRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  await registerCompression(app);
  await registerSecurity(app, deps.limits);
  registerCrossSiteCheck(app, deps.allowedOrigins);
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof TableeError) {
      return reply.status(HTTP_STATUS[error.code] ?? 409).send({ error: error.toWire() });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) {
      return reply.status(429).send({ error: { code: "RATE_LIMITED", message: "too many requests; slow down" } });
    }
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ error: { code: "BAD_REQUEST", message: (error as Error).message } });
    }
    if (isDatabaseUnavailable(error)) {
      deps.rooms.outages.failed(error); // one line per outage, not one per request
      return reply.status(503).send({ error: { code: "UNAVAILABLE", message: "the service is temporarily unavailable; try again in a moment" } });
    }
    // The error's class, codes and frames only: a driver's message quotes what it was sent (rooms, nicknames).
    request.log.error({ error: loggableError(error) }, "unexpected error");
    return reply.status(500).send({ error: { code: "INTERNAL", message: "something went wrong on the server" } });
  });

  app.get("/api/games", async () => ({
    games: deps.rooms.games.map((game) => ({
      id: game.id,
      names: game.names,
      minSeats: game.minSeats,
      maxSeats: game.maxSeats,
      seatCounts: game.seatCounts,
      optionsJsonSchema: z.toJSONSchema(game.optionsSchema, { io: "input" }),
      bots: game.bots.map((bot) => ({ id: bot.id, names: bot.names })),
      hasDemo: game.demo !== null,
      demoSeats: game.demo?.bots.length ?? 0, // how many computers the demo seats (the home page says it)
      slowPace: game.slowPace, // may be played over days (settings.paceDays)
    })),
    upcoming: UPCOMING_GAMES.filter((u) => !deps.rooms.findGame(u.id)),
  }));

  app.post("/api/rooms", roomCreationLimit(deps.limits), async (request, reply) => {
    const body = createRoomSchema.safeParse(request.body);
    if (!body.success) throw new TableeError("BAD_REQUEST", body.error.issues[0]?.message ?? "bad request");
    const { roomId, creatorToken } = await deps.rooms.create(body.data.gameId, body.data.options, body.data.settings);
    return reply.status(201).send({ roomId, creatorToken, path: `/r/${roomId}` });
  });

  app.post("/api/demo", roomCreationLimit(deps.limits), async (request, reply) => {
    const body = createDemoSchema.safeParse(request.body);
    if (!body.success) throw new TableeError("BAD_REQUEST", body.error.issues[0]?.message ?? "bad request");
    const { roomId, creatorToken } = await deps.rooms.createDemo(body.data.gameId);
    return reply.status(201).send({ roomId, creatorToken, path: `/r/${roomId}` });
  });

  app.get("/api/rooms/:roomId", async (request) => {
    const roomId = roomIdSchema.safeParse((request.params as { roomId?: unknown }).roomId);
    if (!roomId.success) throw new TableeError("ROOM_NOT_FOUND", "no such room");
    const room = await deps.rooms.get(roomId.data);
    return publicRoom(room, nobodyConnected(room.updatedAt), Date.now());
  });

  registerRoomRoutes(app, deps.rooms, deps.store, tokenListLimit(deps.limits));
  registerScoreRoutes(app, deps.prisma);
  registerPushRoutes(app, deps.rooms, deps.push, tokenListLimit(deps.limits), deps.profiles.sessions);
  const profileRequestsPerMinute = deps.limits.profileRequestsPerMinute ?? DEFAULT_PROFILE_REQUESTS_PER_MINUTE;
  await registerProfileRoutes(app, { profiles: deps.profiles, friends: deps.friends, lookup: lookupWith((id) => deps.rooms.get(id)), perMinute: profileRequestsPerMinute });
  registerFriendRoutes(app, { profiles: deps.profiles, friends: deps.friends, rooms: deps.rooms, perMinute: profileRequestsPerMinute });
  registerRatingRoutes(app, { prisma: deps.prisma, profiles: deps.profiles, perMinute: profileRequestsPerMinute, minGamesListed: deps.minGamesListed ?? DEFAULT_MIN_GAMES_LISTED });

  // A load balancer asks every few seconds and gives up after a second or two: answer within
  // HEALTH_TIMEOUT_MS even when the database hangs (the ping itself is bounded by the query timeout).
  // Outside the per-address limit: health checkers share one address (the balancer's), and a 429
  // would take a healthy process out of rotation. It costs one `SELECT 1` and runs no room code.
  app.get("/healthz", { config: { rateLimit: false } }, async (_request, reply) => {
    // Shutting down: out of the balancer at once, so reconnecting clients go to another process, not back here.
    if (!deps.rooms.accepting) return reply.status(503).send({ ok: false, database: deps.databaseKind, reason: "shutting down" });
    let timer: NodeJS.Timeout | undefined;
    const startedAt = deps.rooms.outages.startedAt();
    const answered = await Promise.race([
      deps.store.ping().then(
        () => "up" as const,
        () => "down" as const,
      ),
      new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), HEALTH_TIMEOUT_MS))),
    ]);
    clearTimeout(timer);
    if (answered === "up") {
      deps.rooms.outages.succeeded(startedAt);
      // Without Redis this process still serves its own sockets: stay in the balancer, but say so. The
      // client's error (an address, an authentication failure) goes to the log, not to a public page.
      const redis = deps.redis?.() ?? null;
      if (redis && !redis.up) {
        const downForMs = redis.downSince === null ? null : Date.now() - redis.downSince;
        return { ok: true, status: "degraded", database: deps.databaseKind, reason: "redis unreachable: other processes' changes arrive when it returns (the log says why)", redisDownForMs: downForMs };
      }
      return { ok: true, status: "ok", database: deps.databaseKind };
    }
    return reply.status(503).send({ ok: false, database: deps.databaseKind, reason: answered === "hung" ? "database not answering" : "database unreachable" });
  });

  // The balancer's fallback when /healthz fails on every replica (deploy/haproxy.cfg): a database
  // down for all of them is no reason to answer players with the balancer's bare 503, since a live
  // process still serves the pages, the rooms it holds and honest UNAVAILABLE answers. It fails only
  // when the process is shutting down (or does not answer at all); it never touches the database.
  app.get("/livez", { config: { rateLimit: false } }, async (_request, reply) => {
    if (!deps.rooms.accepting) return reply.status(503).send({ ok: false, reason: "shutting down" });
    return { ok: true };
  });

  if (deps.clientDir && existsSync(path.join(deps.clientDir, "index.html"))) await registerClient(app, deps.clientDir, (roomId, deadline) => (roomIdSchema.safeParse(roomId).success ? deps.rooms.gameIdOf(roomId, deadline) : Promise.resolve(null)));
}
