import { randomBytes } from "node:crypto";
import { spawnServer, type ChildServer } from "./child";
import { createTestDatabase, type TestDatabase } from "./database";
import { deleteStream, SHARED_REDIS_URL } from "./sharedRedis";

/** Where the pages are served from, as a load balancer in front of both processes would (PUBLIC_ORIGIN). */
export const CLUSTER_SITE = { origin: "https://tablee.test", rpId: "tablee.test" };

/** Two server processes on one fresh Postgres database and one Redis stream, behind CLUSTER_SITE. */
export interface ProfileCluster {
  readonly db: TestDatabase;
  readonly databaseUrl: string;
  readonly processes: readonly ChildServer[];
  stop(): Promise<void>;
}

export async function startProfileCluster(): Promise<ProfileCluster> {
  const db = await createTestDatabase();
  if (db.kind !== "postgres" || db.databaseUrl === undefined) throw new Error("the cluster test needs DATABASE_URL (a real Postgres)");
  const stream = `tablee-test-${randomBytes(4).toString("hex")}`;
  const env = { ...db.env, REDIS_URL: SHARED_REDIS_URL, REDIS_STREAM: stream, LEASE_TTL_MS: "1500", LEASE_SWEEP_MS: "300", PUBLIC_ORIGIN: CLUSTER_SITE.origin };
  const processes = await Promise.all([0, 1].map(() => spawnServer(env)));
  return {
    db,
    databaseUrl: db.databaseUrl,
    processes,
    async stop() {
      await Promise.all(processes.map((p) => p.kill("SIGTERM")));
      await deleteStream(stream);
      await db.drop();
    },
  };
}
