import { describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase } from "../support/database";
import { proxiedDatabaseUrl } from "../support/tcpProxy";

/**
 * A player opens a room this server holds while its database is frozen: the room shows (the answer
 * to `room:watch`, from the room held in memory) without waiting for the table's chat history,
 * which follows when its read gives up (empty). The history used to be part of the answer, so the
 * room waited for that read's deadline.
 */
const QUERY_MS = 2000;

describe.runIf(process.env.DATABASE_URL)("watching while the database is frozen", () => {
  it("answers the room at once; the chat history follows, empty, when its read gives up", async () => {
    const db = await createTestDatabase();
    const { proxy, url: viaProxy } = await proxiedDatabaseUrl(db.databaseUrl!);
    let server: ChildServer | null = null;
    const clients: TestClient[] = [];
    try {
      server = await spawnServer({ ...db.env, DATABASE_URL: viaProxy, DB_QUERY_TIMEOUT_MS: String(QUERY_MS), DB_CONNECT_TIMEOUT_MS: "500" });
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
      const deadline = Date.now() + QUERY_MS * 5;
      while (late.chatHistories.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(late.chatHistories).toEqual([{ roomId, messages: [] }]); // the read gave up: no history, the room stays
    } finally {
      for (const client of clients) client.close();
      proxy.restore();
      if (server !== null) await server.kill("SIGTERM");
      await proxy.close();
      await db.drop();
    }
  }, 60_000);
});
