/**
 * `npm run cluster [-- --processes 3 --port 3000 --host 127.0.0.1]`: local trials of the server as
 * several processes sharing Postgres and Redis, behind a sticky proxy, as docker-compose.yml runs it
 * with HAProxy.
 *  - app1…appN run `node --import tsx server/main.ts` on 127.0.0.1, ports port+1…port+N, with the
 *    same DATABASE_URL (default: the local Postgres) and REDIS_URL (default: the local Redis), and
 *    LOG_LEVEL warn unless set;
 *  - the proxy listens on --port and forwards HTTP and WebSockets, sticky by cookie (SERVERID);
 *  - a process that dies is reported and not restarted: the proxy sends its clients to the others;
 *  - Ctrl-C or SIGTERM stops the proxy, then every process gracefully (SIGTERM, then SIGKILL after 10 s).
 * Builds the client and generates the Prisma client first when they are missing.
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { checkPostgres, checkRedis, ensureBuilt, redactUrl } from "./cluster/preflight";
import { startApp, type AppProcess } from "./cluster/processes";
import { startStickyProxy, type StickyProxy } from "./cluster/proxy";

const projectRoot = fileURLToPath(new URL("..", import.meta.url));
const STOP_GRACE_MS = 10_000;

function parseOptions(): { processes: number; port: number; host: string } {
  const { values } = parseArgs({
    options: {
      processes: { type: "string", default: "2" },
      port: { type: "string", default: "3000" },
      host: { type: "string", default: "127.0.0.1" }, // where the proxy listens; 0.0.0.0 to reach it from the network
    },
  });
  const processes = Number(values.processes);
  const port = Number(values.port);
  if (!Number.isInteger(processes) || processes < 1 || processes > 32) throw new Error("--processes takes a whole number from 1 to 32");
  if (!Number.isInteger(port) || port < 1 || port + processes > 65_535) throw new Error(`--port takes a port from 1 to ${65_535 - processes}`);
  return { processes, port, host: values.host };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const env = {
    ...process.env,
    DATABASE_URL: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test",
    REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379",
    LOG_LEVEL: process.env.LOG_LEVEL || "warn", // info would log every health check of the proxy
    TRUST_PROXY: process.env.TRUST_PROXY || "127.0.0.1", // the proxy below: per-IP limits see the real client
  };
  const checks = await Promise.allSettled([checkPostgres(env.DATABASE_URL), checkRedis(env.REDIS_URL)]);
  const problems = checks.flatMap((c) => (c.status === "rejected" ? [c.reason instanceof Error ? c.reason.message : String(c.reason)] : []));
  if (problems.length > 0) throw new Error(problems.join("\n[cluster] "));
  ensureBuilt(projectRoot);

  const apps: AppProcess[] = Array.from({ length: options.processes }, (_, i) =>
    startApp(`app${i + 1}`, options.port + i + 1, env, projectRoot),
  );
  let proxy: StickyProxy | undefined;
  let stopping = false;
  const stop = async (exitCode: number): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log("[cluster] stopping");
    await proxy?.close();
    await Promise.all(apps.map((app) => app.stop(STOP_GRACE_MS)));
    process.exit(exitCode);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  try {
    await Promise.all(apps.map((app) => app.ready));
    proxy = await startStickyProxy(apps, options.port, { host: options.host, log: (line) => console.log(`[proxy] ${line}`) });
  } catch (error) {
    console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
    await stop(1);
    return;
  }

  let running = apps.length;
  for (const app of apps) {
    void app.exited.then((how) => {
      if (stopping) return;
      running -= 1;
      console.error(`[cluster] ${app.name} exited with ${how}; not restarted, the proxy sends its clients to the others`);
      if (running === 0) void stop(1);
    });
  }
  console.log(`[cluster] database ${redactUrl(env.DATABASE_URL)}, redis ${redactUrl(env.REDIS_URL)}`);
  console.log(`[cluster] ${apps.map((app) => `${app.name} ${app.url} (pid ${app.pid ?? "?"})`).join(", ")}`);
  console.log(`[cluster] Tablée (${apps.length} processes) is ready at ${proxy.url}/ — Ctrl-C stops everything`);
}

main().catch((error: unknown) => {
  console.error(`[cluster] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
