import { createClient } from "redis";

/** The Redis the multi-process tests share (CI starts one; REDIS_URL overrides). */
export const SHARED_REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";

/**
 * True when multi-process tests can run: a real Postgres (DATABASE_URL) and the shared Redis. Without
 * them (a fresh machine on the embedded PGlite) they are skipped with a loud message, except under
 * CI=true, which must run them.
 */
export async function clusterServicesReady(what: string): Promise<boolean> {
  const missing: string[] = [];
  if (!process.env.DATABASE_URL) missing.push("DATABASE_URL (a real Postgres)");
  const redis = createClient({ url: SHARED_REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  redis.on("error", () => undefined);
  try {
    await redis.connect();
    await redis.quit();
  } catch {
    missing.push(`a Redis at ${SHARED_REDIS_URL}`);
  }
  if (missing.length === 0) return true;
  const message = `*** ${what} need${what.endsWith("s") ? "" : "s"} ${missing.join(" and ")}: skipped ***`;
  if (process.env.CI === "true") throw new Error(message);
  console.warn(message);
  return false;
}

/** Removes a test's Redis stream once its processes are gone. */
export async function deleteStream(stream: string): Promise<void> {
  const redis = createClient({ url: SHARED_REDIS_URL });
  await redis.connect();
  await redis.del(stream);
  await redis.quit();
}
