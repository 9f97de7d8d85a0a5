import Fastify, { type FastifyInstance } from "fastify";
import { Server } from "socket.io";
import { BotDriver, type BotTiming } from "./bots/driver";
import type { ErasedGame } from "../shared/engine/erase";
import type { Database } from "./db/database";
import { TimerDriver } from "./timers/driver";
import { registerRoutes } from "./http/routes";
import { RoomService } from "./rooms/service";
import { RoomStore } from "./rooms/store";
import { attachSocketHandlers, type TableeServer } from "./socket/handlers";

export interface AppOptions {
  readonly db: Database;
  readonly clientDir: string | null;
  readonly logLevel?: string;
  readonly botTiming?: BotTiming; // default: no pause (tests); main.ts passes BOT_DELAY_MS
  readonly clock?: () => Date; // tests pass a fake clock
  readonly games?: readonly ErasedGame[]; // default: the registry; tests may add their own
}

export interface App {
  readonly fastify: FastifyInstance;
  readonly io: TableeServer;
  readonly rooms: RoomService;
  readonly bots: BotDriver;
  readonly timers: TimerDriver;
  /** After a restart: schedule pending computer turns and countdowns of the rooms in play. */
  resume(): Promise<void>;
  /** Stops taking connections, lets in-flight moves commit, then closes sockets (not the database). */
  close(): Promise<void>;
}

/** Builds the HTTP server, the socket server and the room service on an open database. */
export async function createApp(options: AppOptions): Promise<App> {
  const fastify = Fastify({
    logger: { level: options.logLevel ?? "info" },
    bodyLimit: 64 * 1024,
  });
  const store = new RoomStore(options.db.prisma);
  const clock = options.clock ?? (() => new Date());
  const rooms = new RoomService(store, fastify.log, clock, options.games);
  await registerRoutes(fastify, { rooms, store, prisma: options.db.prisma, databaseKind: options.db.kind, clientDir: options.clientDir });
  const io: TableeServer = new Server(fastify.server, {
    maxHttpBufferSize: 64 * 1024,
    // Let a client that dropped for a moment resume without missing pushed snapshots.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
  });
  attachSocketHandlers(io, rooms, fastify.log, clock);
  const bots = new BotDriver(rooms, options.botTiming ?? { minMs: 0, maxMs: 0 }, fastify.log);
  const timers = new TimerDriver(rooms, fastify.log, clock);
  // Unstarted rooms expire after 7 days: checked now and every hour.
  const expire = () => void rooms.expireUnstarted().catch((error: unknown) => fastify.log.warn({ err: error }, "room expiry failed"));
  expire();
  const expiryTimer = setInterval(expire, 3600 * 1000);
  expiryTimer.unref();
  return {
    fastify,
    io,
    rooms,
    bots,
    timers,
    async resume() {
      await bots.resumeAll();
      await timers.resumeAll();
    },
    async close() {
      bots.stop();
      timers.stop();
      clearInterval(expiryTimer);
      await rooms.drain();
      io.disconnectSockets(true);
      await io.close();
      await fastify.close().catch(() => undefined);
    },
  };
}
