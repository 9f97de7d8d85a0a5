// Generates the Prisma client into server/db/generated (git-ignored).
// The schema's datasource reads DATABASE_URL, which generation never connects to, so a placeholder is
// enough when it is unset or empty (the embedded PGlite database has no URL until the server starts it).
import { spawnSync } from "node:child_process";

const env = { ...process.env, DATABASE_URL: process.env.DATABASE_URL || "postgresql://unused@127.0.0.1/unused" };
const result = spawnSync("npx", ["--no-install", "prisma", "generate"], { stdio: "inherit", env });
process.exit(result.status ?? 1);
