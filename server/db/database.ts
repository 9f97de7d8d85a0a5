import { mkdir } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "./generated/client";

export type DatabaseKind = "postgres" | "pglite";

export interface Database {
  readonly kind: DatabaseKind;
  readonly url: string; // what Prisma and the migrator connect to
  readonly prisma: PrismaClient;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  readonly databaseUrl?: string | undefined; // a real Postgres; when absent, the embedded PGlite is used
  readonly dataDir: string; // where PGlite keeps its files
}

/**
 * Opens the database. Without DATABASE_URL an embedded PGlite (Postgres compiled to WASM) is started,
 * persisted under `<dataDir>/pglite`, and served on a loopback port by pglite-socket, so the very same
 * Prisma pg adapter and SQL migrations serve both paths.
 */
export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  if (config.databaseUrl) {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: config.databaseUrl, max: 10, connectionTimeoutMillis: 5_000, idleTimeoutMillis: 30_000 }) });
    return { kind: "postgres", url: config.databaseUrl, prisma, close: () => prisma.$disconnect() };
  }
  const dir = path.resolve(config.dataDir, "pglite");
  await mkdir(dir, { recursive: true });
  const pglite = await PGlite.create(dir);
  // The pool below keeps one connection, but pg replaces a connection after a query error by opening
  // the new one before the old one has closed: allow a few so the replacement is not refused.
  const server = new PGLiteSocketServer({ db: pglite, host: "127.0.0.1", port: 0, maxConnections: 4 });
  await server.start();
  const url = `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`;
  // PGlite is a single connection: one pooled client keeps transactions from interleaving.
  const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: url, max: 1 }) });
  return {
    kind: "pglite",
    url,
    prisma,
    async close() {
      await prisma.$disconnect();
      await server.stop();
      await pglite.close();
    },
  };
}
