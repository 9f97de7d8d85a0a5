import { describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase } from "../support/database";
import { proxiedDatabaseUrl, type TcpProxy } from "../support/tcpProxy";

/** What a frozen database does to a server that holds rooms: it still shows them, and still stops. */
const QUERY_MS = 1000;

/**
 * A server process on a database of its own reached through a proxy the test freezes, with short
 * query and connection deadlines; taken down (and the database dropped) after `use`.
 */
async function withServerBehindProxy(use: (server: ChildServer, proxy: TcpProxy) => Promise<void>): Promise<void> {
  const db = await createTestDatabase();
  const { proxy, url: viaProxy } = await proxiedDatabaseUrl(db.databaseUrl!);
  let server: ChildServer | null = null;
  try {
    server = await spawnServer({ ...db.env, DATABASE_URL: viaProxy, DB_QUERY_TIMEOUT_MS: String(QUERY_MS), DB_CONNECT_TIMEOUT_MS: "500" });
    await use(server, proxy);
  } finally {
    if (server !== null && server.process.exitCode === null) server.process.kill("SIGKILL");
    proxy.restore();
    await proxy.close();
    await db.drop();
  }
}

describe.runIf(process.env.DATABASE_URL)("a frozen database", () => {
  /**
   * An operator stops a server whose database froze (SIGTERM, as an orchestrator does before its
   * SIGKILL): it exits by itself, with status 0, within seconds, and does not wait for ever on
   * connections that will never answer. (The in-doubt test once left a pool that never ended, a
   * connection kept checked out after its faults; test/support/server.ts says how its harness
   * copes. That path is not reproduced here.)
   */
  it("lets the server stop within seconds", async () => {
    await withServerBehindProxy(async (server, proxy) => {
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
    });
  }, 60_000);

  /**
   * A player opens a room this server holds while its database is frozen: the room shows (the answer
   * to `room:watch`, from the room held in memory) without waiting for the table's chat history,
   * which follows when its read gives up (empty). The history used to be part of the answer, so the
   * room waited for that read's deadline.
   */
  it("answers a watch with the room at once; the chat history follows, empty, when its read gives up", async () => {
    const clients: TestClient[] = [];
    try {
      await withServerBehindProxy(async (server, proxy) => {
        const { roomId } = await createRoom(server.url, "qwirkle");
        const first = await TestClient.connect(server.url);
        clients.push(first);
        expectOk(await first.emit("room:watch", { roomId, seatTokens: [] }));
        expectOk(await first.emit("chat:send", { roomId, text: "hello", nickname: "Zoé" }));
        expect((await first.watchWithChat({ roomId, seatTokens: [] })).chat.map((m) => m.text)).toEqual(["hello"]);

        proxy.freeze();
        const late = await TestClient.connect(server.url);
        clients.push(late);
        const answer = expectOk(await late.emit("room:watch", { roomId, seatTokens: [] }));
        expect(answer.snapshot.room.id).toBe(roomId);
        expect(late.chatHistories).toEqual([]); // the answer did not wait for the history's read
        const deadline = Date.now() + QUERY_MS * 10;
        while (late.chatHistories.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
        expect(late.chatHistories).toEqual([{ roomId, messages: [] }]); // the read gave up: no history, the room stays
      });
    } finally {
      for (const client of clients) client.close();
    }
  }, 60_000);
});
