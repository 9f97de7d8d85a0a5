import { afterEach, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/database";
import { fileURLToPath } from "node:url";
import { applyMigrations } from "../../server/db/migrate";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { proxiedDatabaseUrl, type TcpProxy } from "../support/tcpProxy";

/**
 * A transaction whose connection froze must not keep that connection for ever. Prisma 6.19 ends
 * an interactive transaction by sending ROLLBACK (or COMMIT) as a query and only then hands the
 * connection back to the pool; when that query times out, nothing hands it back: the pool is one
 * connection short until the process ends, and its end() waits for it for ever (likely how the in-doubt
 * test's close once hung for minutes). server/db/releaseFailedEnds.ts destroys such a connection.
 */
const QUERY_MS = 700;

describe.runIf(process.env.DATABASE_URL)("a transaction on a connection that froze", () => {
  let testDb: TestDatabase | null = null;
  let proxy: TcpProxy | null = null;
  let db: Database | null = null;
  afterEach(async () => {
    proxy?.restore();
    await db?.close();
    await proxy?.close();
    await testDb?.drop();
  });

  it("gives its connection back (destroyed) when its ROLLBACK times out, and the pool still ends", async () => {
    testDb = await createTestDatabase();
    await applyMigrations(testDb.databaseUrl!, fileURLToPath(new URL("../../prisma/migrations", import.meta.url)));
    const proxied = await proxiedDatabaseUrl(testDb.databaseUrl!);
    proxy = proxied.proxy;
    db = await openDatabase({ databaseUrl: proxied.url, dataDir: testDb.dataDir, timeouts: { queryMs: QUERY_MS, connectMs: 500 } });
    const { prisma, pool } = db;
    const frozen = proxy;

    const failed = await prisma
      .$transaction(
        async (tx) => {
          await tx.room.count();
          frozen.freeze(); // the statement below and the ROLLBACK after it get no answer
          await tx.room.count();
        },
        { maxWait: 2_000, timeout: 10_000 },
      )
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).not.toBeNull();
    frozen.restore();
    // Every connection is back in the pool or gone: none is left checked out.
    await expect.poll(() => pool.totalCount - pool.idleCount, { timeout: 5_000 }).toBe(0);
    expect(await prisma.room.count()).toBe(0); // and the pool serves
    const ended = await Promise.race([db.close().then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), 5_000))]);
    db = null;
    expect(ended).toBe(true);
  }, 30_000);
});
