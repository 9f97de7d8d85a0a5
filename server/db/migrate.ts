import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";

/** Arbitrary constant: the advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727_001;

export interface MigrationReport {
  readonly applied: readonly string[];
  readonly alreadyApplied: readonly string[];
}

/**
 * Applies the committed SQL migrations (prisma/migrations/<name>/migration.sql) in name order, each
 * once, under a Postgres advisory lock so that several starting processes never race. We do this
 * ourselves because `prisma migrate deploy` fails through the JS driver adapter (an upstream bug)
 * and the native schema engine cannot be downloaded offline.
 */
export async function applyMigrations(url: string, migrationsDir: string): Promise<MigrationReport> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS tablee_migrations (name TEXT PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())`,
    );
    const done = new Set((await client.query<{ name: string }>("SELECT name FROM tablee_migrations")).rows.map((r) => r.name));
    const names = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const applied: string[] = [];
    for (const name of names) {
      if (done.has(name)) continue;
      const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      await client.query("BEGIN");
      try {
        await client.query(sql);
        await client.query("INSERT INTO tablee_migrations (name) VALUES ($1)", [name]);
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK");
        throw new Error(`migration ${name} failed: ${(error as Error).message}`);
      }
      applied.push(name);
    }
    return { applied, alreadyApplied: names.filter((n) => done.has(n)) };
  } finally {
    await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
