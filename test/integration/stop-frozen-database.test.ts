import { describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase } from "../support/database";
import { proxiedDatabaseUrl } from "../support/tcpProxy";

/**
 * An operator stops a server whose database froze (SIGTERM, as an orchestrator does before its
 * SIGKILL): it exits by itself, with status 0, within seconds, and does not wait for ever on
 * connections that will never answer. (The in-doubt test once left a pool that never ended, a
 * connection kept checked out after its faults; test/support/server.ts says how its harness
 * copes. That path is not reproduced here.)
 */
const QUERY_MS = 1000;

describe.runIf(process.env.DATABASE_URL)("stopping while the database is frozen", () => {
  it("exits within seconds", async () => {
    const db = await createTestDatabase();
    const { proxy, url: viaProxy } = await proxiedDatabaseUrl(db.databaseUrl!);
    let server: ChildServer | null = null;
    try {
      server = await spawnServer({ ...db.env, DATABASE_URL: viaProxy, DB_QUERY_TIMEOUT_MS: String(QUERY_MS), DB_CONNECT_TIMEOUT_MS: "500" });
      // The pool holds connections (a room made, watched and read) when the database freezes.
      const { roomId } = await createRoom(server.url, "qwirkle");
      const client = await TestClient.connect(server.url);
      expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
      client.close();
      proxy.freeze();
      await fetch(`${server.url}/api/scores`).catch(() => undefined); // a request that runs into the freeze
      const started = Date.now();
      const code = await server.kill("SIGTERM");
      const ms = Date.now() - started;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(15_000);
    } finally {
      if (server !== null && server.process.exitCode === null) server.process.kill("SIGKILL");
      proxy.restore();
      await proxy.close();
      await db.drop();
    }
  }, 60_000);
});
