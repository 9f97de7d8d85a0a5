import { createApp, type App } from "../../server/app";
import type { ErasedGame } from "../../shared/engine/erase";
import type { BotTiming } from "../../server/bots/driver";
import type { HttpLimits } from "../../server/http/security";
import type { EventLimits } from "../../server/socket/eventLimiter";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { createTestDatabase, type TestDatabase } from "./database";

export interface TestServer {
  readonly url: string; // http://127.0.0.1:<port>
  readonly app: App;
  readonly db: Database;
  readonly testDb: TestDatabase;
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
  readonly logStream?: NodeJS.WritableStream;
  readonly logLevel?: string;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const testDb = await createTestDatabase();
  const config = loadConfig({ ...process.env, ...testDb.env });
  const db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
  await applyMigrations(db.url, config.migrationsDir);
  const app = await createApp({ db, clientDir: config.clientDir, logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? "warn",
    ...(options.logStream ? { logStream: options.logStream } : {}), botTiming: options.botTiming,
    botThreads: options.botThreads,
    clock: options.clock,
    games: options.games,
    httpLimits: options.httpLimits ?? { requestsPerMinute: 100_000, roomsPerMinute: 10_000 },
    eventLimits: options.eventLimits ?? { perSecond: 10_000, burst: 10_000, abuseRefusals: 1_000_000, abuseWindowMs: 1000 },
  });
  await app.fastify.listen({ port: 0, host: "127.0.0.1" });
  const address = app.fastify.server.address();
  if (!address || typeof address === "string") throw new Error("server has no port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    db,
    testDb,
    async close() {
      await app.close();
      await db.close();
      await testDb.drop();
    },
  };
}
