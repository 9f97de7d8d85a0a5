import { Writable } from "node:stream";
import type { TrustProxy } from "../../server/socket/clientAddress";
import { createApp, type App } from "../../server/app";
import type { ErasedGame } from "../../shared/engine/erase";
import type { BotTiming } from "../../server/bots/driver";
import type { HttpLimits } from "../../server/http/security";
import type { EventLimits } from "../../server/socket/eventLimiter";
import type { ConnectionLimits } from "../../server/socket/connectionGate";
import { loadConfig } from "../../server/config";
import type { MetricsAccess } from "../../server/metrics";
import { openDatabase, type Database, type DatabaseTimeouts } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { createTestDatabase, type TestDatabase } from "./database";
import { proxiedDatabaseUrl, type TcpProxy } from "./tcpProxy";

/** How long a test server's close may wait on a database connection a test froze before it is cut (`close`). */
const CLOSE_GRACE_MS = 20_000;

export interface TestServer {
  readonly url: string; // http://127.0.0.1:<port>
  readonly app: App;
  readonly db: Database;
  readonly testDb: TestDatabase;
  /** With `databaseProxy`: the TCP proxy between the server and Postgres, to cut or freeze it. */
  readonly proxy: TcpProxy | null;
  /** The server's log lines (JSON), when `captureLog` is set. */
  readonly logLines: () => string[];
  close(): Promise<void>;
}

/** An in-process server on a free loopback port, with a fresh database and the built client. */
export interface TestServerOptions {
  readonly botTiming?: BotTiming;
  readonly botThreads?: number; // default 0: computers decide on the test's thread
  readonly clock?: () => Date;
  readonly games?: readonly ErasedGame[];
  readonly httpLimits?: HttpLimits; // default: generous, tests create many rooms from one address
  readonly eventLimits?: EventLimits;
  readonly connectionLimits?: ConnectionLimits; // default: generous, every test socket comes from 127.0.0.1
  readonly logStream?: NodeJS.WritableStream;
  readonly logLevel?: string;
  /** Put a TCP proxy between the server and Postgres (Postgres only: PGlite runs in process). */
  readonly databaseProxy?: boolean;
  readonly databaseTimeouts?: DatabaseTimeouts;
  /** Keep the server's log lines for the test to read (instead of `logStream`). */
  readonly captureLog?: boolean;
  readonly metrics?: MetricsAccess; // default: off
  readonly paceCheckMs?: number;
  /** The built client to serve (default dist/client); the PWA test serves a copy it changes like a deploy. */
  readonly clientDir?: string;
  readonly minGamesListed?: number; // the global rating leaderboard's minimum of rated games
  readonly trustProxy?: TrustProxy; // proxies whose X-Forwarded-For is believed (default none)
  readonly pushAllowLocalEndpoints?: boolean; // default true: the tests' push service is a local http server // how often slow rooms' deadlines are checked (tests usually call app.pace.check())
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({ ...process.env, ...testDb.env });
  let proxy: TcpProxy | null = null;
  let databaseUrl = testDb.databaseUrl;
  if (options.databaseProxy && databaseUrl) ({ proxy, url: databaseUrl } = await proxiedDatabaseUrl(databaseUrl));
  const db = await openDatabase({ databaseUrl, dataDir: testDb.dataDir, ...(options.databaseTimeouts ? { timeouts: options.databaseTimeouts } : {}) });
  await applyMigrations(db.url, config.migrationsDir);
  const lines: string[] = [];
  const logStream = options.captureLog
    ? new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(...chunk.toString().split("\n").filter(Boolean));
          done();
        },
      })
    : options.logStream;
  const app = await createApp({ db, clientDir: options.clientDir ?? config.clientDir, logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "warn",
    ...(logStream ? { logStream } : {}), botTiming: options.botTiming,
    botThreads: options.botThreads,
    clock: options.clock,
    games: options.games,
    httpLimits: options.httpLimits ?? { requestsPerMinute: 100_000, roomsPerMinute: 10_000, tokenListsPerMinute: 10_000 },
    eventLimits: options.eventLimits ?? { perSecond: 10_000, burst: 10_000, abuseRefusals: 1_000_000, abuseWindowMs: 1000 },
    connectionLimits: options.connectionLimits ?? { perAddress: 100_000, perAddressPerMinute: 100_000 },
    ...(options.metrics ? { metrics: options.metrics } : {}),
    ...(options.paceCheckMs ? { paceCheckMs: options.paceCheckMs } : {}),
    ...(options.trustProxy !== undefined && { trustProxy: options.trustProxy }),
    // The tests' push service is a local http server.
    push: { allowLocalEndpoints: options.pushAllowLocalEndpoints ?? true },
    ...(options.minGamesListed !== undefined && { minGamesListed: options.minGamesListed }),
  });
  await app.fastify.listen({ port: 0, host: "127.0.0.1" });
  const address = app.fastify.server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    db,
    testDb,
    proxy,
    logLines: () => lines,
    async close() {
      proxy?.restore();
      await app.close();
      const closing = db.close();
      closing.catch(() => undefined); // awaited below, or given up on after the grace: never unhandled
      if (proxy) {
        // A test that froze the database's connections once left a pool client that was never given
        // back (its pool then waited for it for ever: over three minutes on CI, every test having
        // passed), most likely a transaction whose ROLLBACK timed out (server/db/releaseFailedEnds.ts).
        // Kept as a safety net: after a grace, the proxy's connections are cut and the pool is not
        // waited for, and the close says so.
        let timer: NodeJS.Timeout | undefined;
        const slow = await Promise.race([closing.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), CLOSE_GRACE_MS)))]);
        clearTimeout(timer);
        if (slow) {
          console.error("test server: the database pool did not close within its grace (a client kept after a frozen connection); its connections are cut");
          proxy.cut();
        }
      } else await closing;
      await proxy?.close();
      await testDb.drop();
    },
  };
}
