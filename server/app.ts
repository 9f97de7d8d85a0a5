import type { Server as HttpServer } from "node:http";
import type { Socket as NetSocket } from "node:net";
import Fastify, { type FastifyInstance } from "fastify";
import { Server } from "socket.io";
import { BotDriver, type BotTiming } from "./bots/driver";
import { botDecider, type BotDecider } from "./bots/threads";
import type { ErasedGame } from "../shared/engine/erase";
import type { SocketAdmission } from "../shared/protocol";
import type { Database } from "./db/database";
import { DatabaseClock } from "./db/deadline";
import { TimerDriver } from "./timers/driver";
import { PaceDriver } from "./timers/paceDriver";
import { DEFAULT_HTTP_LIMITS, type HttpLimits } from "./http/security";
import { DEFAULT_EVENT_LIMITS, type EventLimits } from "./socket/eventLimiter";
import { registerRoutes } from "./http/routes";
import { RoomService } from "./rooms/service";
import { RoomStore } from "./rooms/store";
import { attachSocketHandlers } from "./socket/handlers";
import type { TableeServer } from "./socket/socketTypes";
import { BatchedWebSocketServer } from "./socket/batchedWebSocket";
import { clientAddressReader, type TrustProxy } from "./socket/clientAddress";
import { ADMISSION_MESSAGES, ConnectionGate, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from "./socket/connectionGate";
import { closeAllWhenAnswered } from "./socket/closing";
import { tableeParser } from "./socket/parser";
import { ChatStore } from "./chat/store";
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import type { RedisClientType } from "redis";
import { joinCluster } from "./cluster/join";
import { watchRedis, withHandledRejections, type RedisStatus } from "./cluster/redis";
import { RoomLeases } from "./cluster/leases";
import { SharedPresence } from "./cluster/sharedPresence";
import { LeaseSweeper } from "./cluster/sweeper";
import { leaseTimingOf } from "./cluster/leaseTiming";
import { GAMES } from "../shared/games/registry";
import { DEFAULT_SENDER_LIMITS, DEFAULT_VAPID_SUBJECT, loadVapidKeys, PushDispatcher, PushSender, PushStore, type SenderLimits, type VapidConfig } from "./push";
import { Profiles, relyingPartyFromOrigin } from "./profiles";
import { Friends, InvitationPush } from "./friends";
import { attachSocketProfiles, keepSessionToken, type RawConnection } from "./profiles/socketProfile";
import { noMetrics, observedDecider, PrometheusMetrics, registerMetricsRoute, scrapeSources, type Metrics, type MetricsAccess } from "./metrics";

export interface AppOptions {
  readonly db: Database;
  readonly clientDir: string | null;
  readonly logLevel?: string;
  readonly logStream?: NodeJS.WritableStream; // default: stdout (tests capture it to check for errors)
  readonly botTiming?: BotTiming; // default: no pause (tests); main.ts passes BOT_DELAY_MS
  readonly botThreads?: number; // worker threads where computers think; default 0: on this thread (tests); main.ts passes BOT_THREADS
  readonly clock?: () => Date; // tests pass a fake clock
  readonly games?: readonly ErasedGame[]; // default: the registry; tests may add their own
  readonly httpLimits?: HttpLimits;
  readonly eventLimits?: EventLimits;
  readonly connectionLimits?: ConnectionLimits; // sockets per address (default DEFAULT_CONNECTION_LIMITS)
  /** Proxies whose X-Forwarded-For is believed (fastify's trustProxy); none by default. */
  readonly trustProxy?: TrustProxy;
  /** The site's public origin (PUBLIC_ORIGIN): passkeys are made for its domain. Default: each request's own origin. */
  readonly publicOrigin?: string;
  /** Origins (besides the server's own) whose pages may open sockets; none by default. */
  readonly allowedOrigins?: readonly string[];
  /**
   * Several processes: a connected Redis client (REDIS_URL) carries broadcasts and room changes
   * between them, under `stream` (one per deployment). Without it this process is alone.
   */
  readonly cluster?: { readonly redis: RedisClientType; readonly stream: string };
  /**
   * Room leases (computer turns and countdowns of a dead process move to a live one within `ttlMs`,
   * LEASE_TTL_MS; swept every `sweepMs`, at most a fifth of it: leaseTiming.ts); tests shorten them.
   */
  readonly leases?: { readonly ttlMs: number; readonly sweepMs: number };
  /** How often slow rooms' deadlines are looked for in the database (default PACE_CHECK_MS); tests shorten it. */
  readonly paceCheckMs?: number;
  /** GET /metrics (Prometheus): off by default; main.ts reads METRICS and METRICS_TOKEN. */
  readonly metrics?: MetricsAccess;
  /**
   * Web Push: the VAPID key pair (main.ts reads VAPID_*; default none: made once and kept in the
   * database) and the sender's bounds (tests shorten the timeout).
   */
  /** VAPID keys, sender limits, and whether http and local push endpoints are taken (tests only). */
  readonly push?: Partial<VapidConfig> & { readonly sender?: SenderLimits; readonly allowLocalEndpoints?: boolean };
  /** The global rating leaderboard's minimum of rated games (default DEFAULT_MIN_GAMES_LISTED); a browser test lowers it. */
  readonly minGamesListed?: number;
}

export interface App {
  readonly fastify: FastifyInstance;
  readonly io: TableeServer;
  readonly rooms: RoomService;
  readonly bots: BotDriver;
  readonly decider: BotDecider;
  readonly timers: TimerDriver;
  readonly pace: PaceDriver;
  /** This process's Prometheus metrics, when they are on. */
  readonly metrics: PrometheusMetrics | null;
  /** After a restart: schedule pending computer turns and countdowns of the rooms in play. */
  resume(): Promise<void>;
  /** Stops taking connections, lets in-flight moves commit, then closes sockets (not the database). */
  close(): Promise<void>;
}

const DEFAULT_LEASES = { ttlMs: 15_000, sweepMs: 3_000 };

/** After Redis returns, the rooms held here are re-read at once and again this much later. */
const REDIS_RESYNC_AGAIN_MS = 2_000;

/**
 * At shutdown: how long clients get to answer the round trip and the server to answer their events
 * (then the sockets close anyway), and how long the closes and in-flight HTTP requests may take.
 */
const SHUTDOWN_GRACE_MS = 2_000;

/** Builds the HTTP server, the socket server and the room service on an open database. */
export async function createApp(options: AppOptions): Promise<App> {
  const fastify = Fastify({
    logger: options.logStream ? { level: options.logLevel ?? "info", stream: options.logStream } : { level: options.logLevel ?? "info" },
    bodyLimit: 64 * 1024,
    trustProxy: options.trustProxy ?? false,
  });
  const processId = `${hostname()}-${process.pid}-${randomBytes(3).toString("hex")}`;
  const leaseTiming = leaseTimingOf((options.leases ?? DEFAULT_LEASES).ttlMs, (options.leases ?? DEFAULT_LEASES).sweepMs);
  const access = options.metrics ?? { kind: "off" };
  const prometheus = access.kind === "off" ? null : new PrometheusMetrics(options.games ?? GAMES);
  const metrics: Metrics = prometheus ?? noMetrics;
  const leases = new RoomLeases(options.db.pool, processId, leaseTiming.leaseMs);
  const store = new RoomStore(options.db.prisma, options.db.pool, {
    owner: processId,
    ttlMs: leaseTiming.leaseMs, // what a write's lease lasts: LEASE_TTL_MS − LEASE_SWEEP_MS (leaseTiming.ts)
    prepare: options.db.kind === "postgres",
    ...(options.db.timeouts ? { expireAfterMs: options.db.timeouts.queryMs } : {}),
    ...(options.db.readBackPool ? { readBackPool: options.db.readBackPool } : {}),
    ...(prometheus ? { onBatch: (size: number) => metrics.commitBatch(size) } : {}),
  });
  const clock = options.clock ?? (() => new Date());
  // In a cluster one thread stays started: a computer turn taken over from a dead process must not wait for one to boot.
  const threads = botDecider(options.botThreads ?? 0, (error) => fastify.log.error({ err: error }, "a bot thread failed"), options.cluster !== undefined);
  const decider = prometheus ? observedDecider(threads, metrics) : threads;
  const rooms = new RoomService(store, fastify.log, clock, options.games, options.cluster !== undefined, decider, metrics);
  if (prometheus) {
    // HTTP requests refused by the per-IP limits (the rate-limit plugin answers them with 429).
    fastify.addHook("onResponse", async (_request, reply) => {
      if (reply.statusCode === 429) metrics.rateLimited("http", "refused");
    });
  }
  const vapid = await loadVapidKeys(options.db.prisma, { keys: options.push?.keys ?? null, subject: options.push?.subject ?? DEFAULT_VAPID_SUBJECT });
  const pushStore = new PushStore(options.db.prisma);
  const pushSender = new PushSender(vapid, options.push?.sender ?? DEFAULT_SENDER_LIMITS, { allowLocal: options.push?.allowLocalEndpoints ?? false });
  const pushes = new PushDispatcher(pushStore, pushSender, (id) => rooms.findGame(id), fastify.log, rooms.outages);
  const profiles = new Profiles(options.db.prisma, clock, options.publicOrigin ? relyingPartyFromOrigin(options.publicOrigin) : null);
  const friends = new Friends(options.db.prisma, clock, new InvitationPush(pushStore, pushSender, fastify.log), (error) => rooms.outages.failedInBackground(error, {}, "an invitation's push failed"));
  let redisStatus: (() => RedisStatus) | null = null;
  await registerRoutes(fastify, {
    profiles,
    friends,
    allowedOrigins: [...(options.allowedOrigins ?? []), ...(options.publicOrigin ? [new URL(options.publicOrigin).origin] : [])],
    redis: () => redisStatus?.() ?? null,
    rooms,
    store,
    prisma: options.db.prisma,
    databaseKind: options.db.kind,
    clientDir: options.clientDir,
    limits: options.httpLimits ?? DEFAULT_HTTP_LIMITS,
    push: { publicKey: vapid.publicKey, store: pushStore, allowLocalEndpoints: options.push?.allowLocalEndpoints ?? false },
    ...(options.minGamesListed !== undefined && { minGamesListed: options.minGamesListed }),
  });
  registerMetricsRoute(fastify, prometheus, access);
  const connections = trackConnections(fastify.server);
  const clientAddressOf = clientAddressReader(options.trustProxy ?? false);
  const gate = new ConnectionGate(options.connectionLimits ?? DEFAULT_CONNECTION_LIMITS);
  const io: TableeServer = new Server(fastify.server, {
    maxHttpBufferSize: 64 * 1024,
    parser: tableeParser, // pushes go out as the JSON text built for them, serialised once per change
    wsEngine: BatchedWebSocketServer, // a tick's frames to one socket (a move's push and answer) in one write

    // No connection-state recovery: it keeps a copy of every packet sent in the last minutes (most of
    // the server's memory under load, measured) and, across processes, pushes each one through Redis.
    // Clients re-watch on every (re)connection and get the whole current snapshot instead.
    // Same origin only (unless configured): a page on another site must not drive a player's socket.
    // Then each address's share of sockets (connectionGate.ts): engine.io answers before fastify's limits.
    allowRequest: (request, callback) => {
      if (!sameOrigin(request.headers.origin, request.headers.host, options.allowedOrigins ?? [])) return callback(null, false);
      const address = clientAddressOf(request) ?? request.socket.remoteAddress ?? "";
      gate.admit(address).then(
        (admission) => {
          if (admission === "ok") return callback(null, true);
          metrics.rateLimited("connection", "refused");
          fastify.log.debug({ address, admission }, "a socket refused: its address is over its share");
          callback(ADMISSION_MESSAGES[admission], false);
        },
        (error: unknown) => callback(String(error), false),
      );
    },
    // The adapter publishes some messages without awaiting them: their failures while Redis is away must
    // not become unhandled rejections (each one would end the process).
    ...(options.cluster ? { adapter: createAdapter(withHandledRejections(options.cluster.redis), { streamName: options.cluster.stream }) } : {}),
  });
  // Engine.io keeps each connection's first HTTP request (headers, buffers) for its whole life; we
  // only need the handshake socket.io copies from it, so drop it (socket.io's memory-usage advice).
  io.engine.on("connection", (rawSocket: RawConnection & { remoteAddress: string; once(event: "close", listener: () => void): void }) => {
    keepSessionToken(rawSocket); // all a profile's socket needs of it (server/profiles/socketProfile.ts)
    // The client's address (behind a trusted proxy, X-Forwarded-For's), as socket.io's handshake copies it.
    if (rawSocket.request) rawSocket.remoteAddress = clientAddressOf(rawSocket.request) ?? rawSocket.remoteAddress;
    rawSocket.request = null;
    const address = rawSocket.remoteAddress ?? "";
    gate.opened(address);
    rawSocket.once("close", () => gate.closed(address));
  });
  // A page whose socket keeps failing asks why: a browser shows a WebSocket nothing of a refused
  // handshake. Outside the per-address limit (a lookup in memory): the pages of a crowded network ask it.
  fastify.get("/api/socket-admission", { config: { rateLimit: false } }, async (request, reply): Promise<SocketAdmission> => {
    void reply.header("cache-control", "no-store"); // an answer of this moment
    return { admission: await gate.peek(clientAddressOf(request.raw) ?? request.socket.remoteAddress ?? "") };
  });
  attachSocketProfiles(io, profiles, (error) => rooms.outages.failedInBackground(error, {}, "reading a socket's session failed"));
  profiles.attach(io, (error) => rooms.outages.failedInBackground(error, {}, "sweeping expired sessions failed"));
  friends.attach(io);
  const shared = options.cluster ? new SharedPresence(processId, (report) => io.serverSideEmit("presence:report", report)) : null;
  const sockets = attachSocketHandlers(io, rooms, new ChatStore(options.db.prisma, options.db.readBackPool && options.db.timeouts ? { pool: options.db.pool, readBackPool: options.db.readBackPool, clock: new DatabaseClock(), boundMs: options.db.timeouts.queryMs } : null), fastify.log, {
    clock,
    eventLimits: options.eventLimits ?? DEFAULT_EVENT_LIMITS,
    shared,
    metrics,
    seatClaimed: (socket, roomId, seatToken) =>
      void profiles.seatClaimed((socket.conn as unknown as RawConnection).sessionToken, roomId, seatToken).catch((error: unknown) => rooms.outages.failedInBackground(error, { roomId }, "a claimed seat not added to its profile")),
  });
  // After the broadcast listener (registered above): who is connected is as the sockets now stand.
  rooms.onChange((room, previous) => pushes.committed(previous, room, () => sockets.connectedSeats(room)));
  rooms.onChange((room, previous) => {
    if (previous !== null || room.series.previousRoomId === null) return;
    profiles.followRematch(room.series.previousRoomId, room.id).catch((error: unknown) => rooms.outages.failedInBackground(error, { roomId: room.id }, "profile seats not carried to the next game"));
  });
  const membership = shared ? joinCluster(io, rooms, shared, sockets.refresh, fastify.log) : null;
  if (options.cluster && membership) {
    // Redis away: this process goes on serving its own sockets (moves commit to Postgres). Back: what
    // the others announced meanwhile may be lost, so re-read the rooms held here that moved on, twice
    // (the adapter's subscriber may resubscribe a moment after this client), and re-share presence.
    const afterOutage = () => {
      fastify.log.warn("redis is back: re-reading the rooms changed meanwhile");
      membership.rejoin();
      const resync = () => void rooms.resync().catch((error: unknown) => fastify.log.warn({ err: error }, "re-sync after the redis outage failed"));
      resync();
      setTimeout(resync, REDIS_RESYNC_AGAIN_MS).unref();
    };
    redisStatus = watchRedis(options.cluster.redis, afterOutage);
  }
  // Their failures go to rooms.outages: a database outage is summarised there, anything else is one warning.
  const bots = new BotDriver(rooms, options.botTiming ?? { minMs: 0, maxMs: 0 });
  const timers = new TimerDriver(rooms, clock, metrics);
  const pace = new PaceDriver(rooms, options.paceCheckMs);
  pace.start();
  prometheus?.watch(scrapeSources({ io, decider, pool: options.db.pool, redis: options.cluster?.redis }));
  // Our leases renewed, and the rooms of processes that died taken over: their computers and clocks go
  // on here, a computer's pause counted from its turn's start (it may have run out while no one held the
  // room). Alone, this process holds every room (`resume` takes them all at the start and each write
  // takes its room's lease): there is no one to take over from or to renew against, so its sweeps only
  // resume again the rooms the start could not load (the database failed meanwhile).
  const sweeper = new LeaseSweeper(leases, rooms, (room) => {
    bots.consider(room, clock().getTime() - room.updatedAt.getTime());
    timers.consider(room);
  });
  sweeper.start(leaseTiming.sweepMs, options.cluster ? "cluster" : "alone");
  // Unstarted rooms expire after 7 days: checked now and every hour.
  const expire = () => void rooms.expireUnstarted().catch((error: unknown) => rooms.outages.failedInBackground(error, {}, "room expiry failed"));
  expire();
  const expiryTimer = setInterval(expire, 3600 * 1000);
  expiryTimer.unref();
  return {
    fastify,
    io,
    rooms,
    bots,
    decider,
    timers,
    pace,
    metrics: prometheus,
    async resume() {
      // Alone, we run every room in play at once; in a cluster, only those whose process is gone.
      await (options.cluster ? sweeper.takeOverExpired() : sweeper.sweep(() => leases.claimAll()));
    },
    async close() {
      // Graceful: refuse new changes, let in-flight moves commit, answer every event a client sent
      // before it heard we are going, then drop the connections in a way clients treat as a network
      // cut, so they reconnect by themselves (to us after a restart, or to another process). Pending
      // computer turns and countdowns are in the database and resume later.
      bots.stop();
      timers.stop();
      pace.stop();
      clearInterval(expiryTimer);
      profiles.stop();
      sweeper.stop();
      rooms.stopAccepting();
      // To this process's clients only (io.emit would go through the adapter to every process's).
      io.local.emit("server:error", { code: "RESTARTING", message: "the server is restarting; reconnect in a moment" });
      // Each socket closes once a round trip proves its client's earlier events arrived and all are answered.
      const socketsClosed = closeAllWhenAnswered(io.sockets.sockets.values(), sockets.answering, SHUTDOWN_GRACE_MS);
      await rooms.drain();
      await decider.close(); // a decision still thinking is dropped: the turn resumes from the database
      await pushes.close(); // before the database closes: pushes under way get a short grace
      membership?.leave();
      await leases.release().catch(() => undefined); // others take our rooms at their next sweep
      await socketsClosed;
      // A WebSocket whose peer does not answer the closing handshake (a client behind a proxy that
      // went away) would hold the close for ws's 30 s timeout: cut what is left after a short grace.
      const grace = setTimeout(() => connections.destroyAll(), SHUTDOWN_GRACE_MS);
      await io.close();
      clearTimeout(grace);
      await fastify.close().catch(() => undefined);
    },
  };
}

/** Browsers send Origin; scripts and native clients may not, and are not a CSRF risk. */
export function sameOrigin(origin: string | undefined, host: string | undefined, allowed: readonly string[]): boolean {
  if (!origin) return true;
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Every TCP connection of the server, upgraded WebSockets included (Node's closeAllConnections skips those). */
function trackConnections(server: HttpServer): { destroyAll(): void } {
  const open = new Set<NetSocket>();
  server.on("connection", (socket: NetSocket) => {
    open.add(socket);
    socket.once("close", () => open.delete(socket));
  });
  return {
    destroyAll() {
      for (const socket of open) socket.destroy();
    },
  };
}
