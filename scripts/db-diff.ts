/**
 * Prints the SQL that takes the database schema of a git revision (default HEAD) to the current
 * prisma/schema.prisma:
 *   npm run db:diff [-- <rev>] > prisma/migrations/000N_name/migration.sql
 * Prisma's `migrate dev` needs the native schema engine (not downloadable offline) and
 * `--from-schema-datasource` is refused with a driver adapter, so we diff two schema files; Prisma
 * still connects to DATABASE_URL (default: the local Postgres) through the adapter to do it.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const rev = process.argv[2] ?? "HEAD";
const previous = path.join(mkdtempSync(path.join(tmpdir(), "tablee-diff-")), "schema.prisma");
writeFileSync(previous, execFileSync("git", ["show", `${rev}:prisma/schema.prisma`], { encoding: "utf8" }));
const result = spawnSync(
  "npx",
  ["--no-install", "prisma", "migrate", "diff", "--from-schema-datamodel", previous, "--to-schema-datamodel", "prisma/schema.prisma", "--script"],
  { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/test" }, encoding: "utf8" },
);
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(1);
}
process.stdout.write(result.stdout.replace(/^Loaded Prisma config.*\n/mu, ""));
