/**
 * What `npm run cluster` checks before it starts any process: the shared Postgres and Redis answer,
 * and the generated Prisma client and the built web client exist (built here when missing, since
 * the cluster runs the server with tsx and has no `prestart` step of its own).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { createClient } from "redis";

const TIMEOUT_MS = 3_000;

const messageOf = (error: unknown): string => (error instanceof Error ? error.message || error.name : String(error));

/** The URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "(not a URL)";
  }
}

/** Resolves when Postgres at `url` answers a query; rejects with a sentence saying what to do. */
export async function checkPostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(`Postgres at ${redactUrl(url)} does not answer (${messageOf(error)}). Start it, or set DATABASE_URL.`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Resolves when Redis at `url` answers PING; rejects with a sentence saying what to do. */
export async function checkRedis(url: string): Promise<void> {
  const client = createClient({ url, socket: { connectTimeout: TIMEOUT_MS, reconnectStrategy: false } });
  client.on("error", () => {}); // the failure is reported by connect() below
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`Redis at ${redactUrl(url)} does not answer (${messageOf(error)}). Start it, or set REDIS_URL.`);
  } finally {
    if (client.isOpen) await client.close().catch(() => {});
  }
}

/** Runs `npm run db:generate` and `npm run build` when their outputs are missing. */
export function ensureBuilt(projectRoot: string): void {
  const steps = [
    { script: "db:generate", output: path.join(projectRoot, "server", "db", "generated") },
    { script: "build", output: path.join(projectRoot, "dist", "client", "index.html") },
  ];
  for (const step of steps) {
    if (existsSync(step.output)) continue;
    console.log(`${path.relative(projectRoot, step.output)} is missing: running npm run ${step.script}`);
    const result = spawnSync("npm", ["run", step.script], { cwd: projectRoot, stdio: "inherit" });
    if (result.status !== 0) throw new Error(`npm run ${step.script} failed`);
  }
}
