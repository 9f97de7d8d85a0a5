import { createApp } from "./app";
import { parseBotTiming } from "./bots/driver";
import { DEFAULT_EVENT_LIMITS } from "./socket/eventLimiter";
import { loadConfig, trustProxyOf, vapidConfigOf } from "./config";
import { openDatabase } from "./db/database";
import { applyMigrations } from "./db/migrate";
import { waitForDatabase } from "./db/wait";
import { connectRedis } from "./cluster/redis";
import { metricsAccessOf } from "./metrics/route";

/** `npm start`: open the database (PGlite when DATABASE_URL is unset), migrate, serve. */
async function main(): Promise<void> {
  // Until the server listens nothing is acknowledged: a stop (docker stop, while the database or Redis
  // is awaited) ends the process at once, rather than being ignored until the SIGKILL that follows.
  const stopBeforeReady = () => process.exit(0);
  process.on("SIGTERM", stopBeforeReady);
  process.on("SIGINT", stopBeforeReady);
  const config = loadConfig();
  if (config.DATABASE_URL) {
    // Started before the database (a compose deployment, a database restarting): wait for it.
    await waitForDatabase(config.DATABASE_URL, {
      limitMs: config.DB_WAIT_SECONDS * 1000,
      connectMs: config.DB_CONNECT_TIMEOUT_MS,
      report: (message) => console.warn(`[tablee] ${message}`),
    });
  }
  const db = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    timeouts: { queryMs: config.DB_QUERY_TIMEOUT_MS, connectMs: config.DB_CONNECT_TIMEOUT_MS },
  });
  const migrations = await applyMigrations(db.url, config.migrationsDir);
  const redis = config.REDIS_URL ? await connectRedis(config.REDIS_URL) : null;
  const app = await createApp({
    db,
    clientDir: config.clientDir,
    logLevel: config.LOG_LEVEL,
    botTiming: parseBotTiming(config.BOT_DELAY_MS),
    botThreads: config.BOT_THREADS,
    httpLimits: { requestsPerMinute: config.RATE_LIMIT_PER_MINUTE, roomsPerMinute: config.ROOMS_PER_MINUTE, tokenListsPerMinute: config.TOKEN_LISTS_PER_MINUTE },
    eventLimits: { ...DEFAULT_EVENT_LIMITS, perSecond: config.SOCKET_EVENTS_PER_SECOND, burst: config.SOCKET_EVENTS_PER_SECOND },
    connectionLimits: { perAddress: config.SOCKETS_PER_ADDRESS, perAddressPerMinute: config.SOCKET_CONNECTIONS_PER_MINUTE },
    ...(config.PUBLIC_ORIGIN ? { publicOrigin: config.PUBLIC_ORIGIN } : {}),
    allowedOrigins: config.ALLOWED_ORIGINS.split(",").map((o) => o.trim()).filter(Boolean),
    trustProxy: trustProxyOf(config.TRUST_PROXY),
    ...(redis ? { cluster: { redis, stream: config.REDIS_STREAM } } : {}),
    leases: { ttlMs: config.LEASE_TTL_MS, sweepMs: config.LEASE_SWEEP_MS },
    paceCheckMs: config.PACE_CHECK_MS,
    ...(config.TEST_CLOCK_OFFSET_MS !== 0 && { clock: () => new Date(Date.now() + config.TEST_CLOCK_OFFSET_MS) }),
    metrics: metricsAccessOf(config.METRICS, config.METRICS_TOKEN),
    push: vapidConfigOf(config),
  });
  app.fastify.log.info({ database: db.kind, applied: migrations.applied, cluster: redis !== null }, "database ready");
  // Say how /metrics is served (off, behind the token, or open to whoever reaches the port).
  app.fastify.log.info({ metrics: metricsAccessOf(config.METRICS, config.METRICS_TOKEN).kind }, "metrics");
  await app.fastify.listen({ port: config.PORT, host: config.HOST });
  await app.resume(); // pending computer turns and countdowns survive a restart
  const address = app.fastify.server.address();
  const port = typeof address === "object" && address ? address.port : config.PORT;
  const shownHost = config.HOST === "0.0.0.0" || config.HOST === "::" ? "localhost" : config.HOST;
  // Printed plainly (not only in the JSON log) so a person and the test harness can both read it.
  console.log(`Tablée is ready at http://${shownHost}:${port}/ (database: ${db.kind})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.fastify.log.info({ signal }, "shutting down");
    await app.close();
    await redis?.quit().catch(() => undefined);
    await db.close();
    process.exit(0);
  };
  process.off("SIGTERM", stopBeforeReady);
  process.off("SIGINT", stopBeforeReady);
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
