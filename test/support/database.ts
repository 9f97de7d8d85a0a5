import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";

/** A database for one test file: a fresh Postgres database when DATABASE_URL is set, else a fresh PGlite dir. */
export interface TestDatabase {
  readonly kind: "postgres" | "pglite";
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  /** Environment for a child server process on this database. */
  readonly env: Readonly<Record<string, string>>;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "tablee-test-"));
  const base = process.env.DATABASE_URL;
  if (!base) {
    return {
      kind: "pglite",
      databaseUrl: undefined,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: "" },
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `tablee_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: "postgres",
    databaseUrl,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
