import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "./generated/client";
import { releaseFailedEnds } from "./releaseFailedEnds";

export type DatabaseKind = "postgres" | "pglite";

export interface Database {
  readonly kind: DatabaseKind;
  readonly url: string; // what Prisma and the migrator connect to
  readonly prisma: PrismaClient;
  /** The connection pool Prisma uses, shared with the hand-written hot-path SQL (batched room writes). */
  readonly pool: pg.Pool;
  /** The bounds on its calls (null for the embedded PGlite, which runs in this process). */
  readonly timeouts: DatabaseTimeouts | null;
  /**
   * A second, small pool: a write whose answer was lost is read back on one of its connections
   * (server/rooms/readBack.ts), never on the one in doubt nor behind a main pool full of stuck ones.
   * Null on PGlite (one session: the main pool serves).
   */
  readonly readBackPool: pg.Pool | null;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  readonly databaseUrl?: string | undefined; // a real Postgres; when absent, the embedded PGlite is used
  readonly dataDir: string; // where PGlite keeps its files
  readonly timeouts?: DatabaseTimeouts; // default DEFAULT_DATABASE_TIMEOUTS
}

/** Bounds on every database call, so a hung database (frozen, black-holed) cannot hang a move or a page. */
export interface DatabaseTimeouts {
  /** A query with no answer after this long fails (client side: a hung server never sees a statement_timeout). */
  readonly queryMs: number;
  /** Opening a connection, or waiting for a free one in the pool, fails after this long. */
  readonly connectMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = { queryMs: 5_000, connectMs: 3_000 };

/**
 * Opens the database. Without DATABASE_URL an embedded PGlite (Postgres compiled to WASM) is started,
 * persisted under `<dataDir>/pglite`, and served on a loopback port by pglite-socket, so the very same
 * Prisma pg adapter and SQL migrations serve both paths.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const timeouts = config.timeouts ?? DEFAULT_DATABASE_TIMEOUTS;
    const poolOf = (max: number) =>
      keepAliveOnIdleErrors(
        new pg.Pool({
          connectionString: config.databaseUrl,
          max,
          idleTimeoutMillis: 30_000,
          connectionTimeoutMillis: timeouts.connectMs,
          // Client side: a query unanswered this long fails, and pool.query then discards its connection.
          query_timeout: timeouts.queryMs,
          // Server side, a little shorter: a slow statement (a lock wait) is cancelled by Postgres itself,
          // and a transaction left open by a vanished client does not hold its locks.
          statement_timeout: Math.max(100, timeouts.queryMs - 500),
          idle_in_transaction_session_timeout: timeouts.queryMs * 2,
          keepAlive: true,
          // Every session in UTC, whatever the database's own time zone: the rooms' `timestamp` columns
          // (without a zone) are written by Prisma as UTC and by the group commit's batch from
          // `timestamptz` values, which Postgres converts through the session's zone.
          options: "-c TimeZone=UTC",
        }),
      );
    const pool = poolOf(10);
    const readBackPool = poolOf(2);
    const prisma = new PrismaClient({ adapter: releaseFailedEnds(new PrismaPg(pool)) });
    return {
      kind: "postgres",
      url: config.databaseUrl,
      prisma,
      pool,
      timeouts,
      readBackPool,
      async close() {
        await closeBoth(prisma, pool);
        if (!readBackPool.ended) await readBackPool.end();
      },
    };
  }
  const dir = path.resolve(config.dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  await pglite.exec("SET TIME ZONE 'UTC'"); // its one session, as every session on Postgres (above)
  // The pool below keeps one connection, but pg replaces a connection after a query error by opening
  // the new one before the old one has closed: allow a few so the replacement is not refused.
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
  await server.start();
  const url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  // PGlite is a single connection: one pooled client keeps transactions from interleaving.
  const pool = keepAliveOnIdleErrors(new pg.Pool({ connectionString: url, max: 1 }));
  const prisma = new PrismaClient({ adapter: releaseFailedEnds(new PrismaPg(pool)) });
  return {
    kind: "pglite",
    url,
    prisma,
    pool,
    timeouts: null,
    readBackPool: null,
    async close() {
      await closeBoth(prisma, pool);
      await server.stop();
      await pglite.close();
    },
  };
}

/** Prisma does not end a pool it was given. */
/**
 * A pooled connection that dies while idle (the database restarting) makes the pool emit 'error';
 * without a listener that would crash the process. The next query reports the outage instead.
 */
function keepAliveOnIdleErrors(pool: pg.Pool): pg.Pool {
  pool.on("error", () => undefined);
  return pool;
}

async function closeBoth(prisma: PrismaClient, pool: pg.Pool): Promise<void> {
  await prisma.$disconnect();
  if (!pool.ended) await pool.end();
}
