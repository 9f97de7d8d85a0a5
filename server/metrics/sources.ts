import type pg from "pg";
import type { RedisClientType } from "redis";
import type { BotDecider } from "../bots/threads";
import type { ScrapeSources } from "./prometheus";

/** Rooms not finished, by game and status: one small aggregate per scrape, which also proves the database answers. */
const OPEN_ROOMS_SQL = "SELECT game_id AS game, status, count(*)::int AS count FROM rooms WHERE status <> 'finished' GROUP BY 1, 2";

/** Where a scrape reads this process's state: its socket server, bot threads, database pool and Redis (if any). */
export function scrapeSources(parts: {
  readonly io: { readonly engine: { readonly clientsCount: number } };
  readonly decider: BotDecider;
  readonly pool: pg.Pool;
  readonly redis?: RedisClientType | undefined;
}): ScrapeSources {
  const { io, decider, pool, redis } = parts;
  return {
    sockets: () => io.engine.clientsCount,
    botQueue: () => decider.queued ?? 0,
    openRooms: async () => (await pool.query<{ game: string; status: string; count: number }>(OPEN_ROOMS_SQL)).rows,
    // Not ready (reconnecting): down at once, rather than waiting for a PING queued until it is back.
    ...(redis ? { redis: async () => redis.isReady && (await redis.ping()) === "PONG" } : {}),
  };
}
