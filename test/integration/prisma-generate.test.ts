import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const projectRoot = fileURLToPath(new URL("../..", import.meta.url));

describe("npm run db:generate", () => {
  // The server treats an empty DATABASE_URL as unset (embedded PGlite); generation must too. With
  // the empty value passed through, prisma generate went for a native engine download and failed offline.
  it("generates the client offline when DATABASE_URL is set but empty", () => {
    const result = spawnSync(process.execPath, ["scripts/prisma-generate.mjs"], { cwd: projectRoot, env: { ...process.env, DATABASE_URL: "" }, encoding: "utf8" });
    expect(result.stderr + result.stdout).toMatch(/Generated Prisma Client/);
    expect(result.status).toBe(0);
  });
});
