import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHAT_ADDRESS_RATE, CHAT_RATE } from "../../shared/protocol";
import { createRoom, expectOk, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Behind HAProxy (docker-compose.yml) every socket comes from the proxy's address: the chat's
 * per-address cap must count the players' own addresses (X-Forwarded-For from a trusted proxy),
 * or one spectator's three tabs would silence the whole table.
 */
describe("the chat's per-address cap behind a trusted proxy", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  beforeAll(async () => {
    server = await startTestServer({ trustProxy: ["127.0.0.1"] });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.close();
  });

  const writerFrom = async (address: string, roomId: string) => {
    const client = await TestClient.connect(server.url, { headers: { "x-forwarded-for": address } });
    clients.push(client);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    return client;
  };

  it("counts each player's own address, not the proxy's", async () => {
    const { roomId } = await createRoom(server.url, "qwirkle", { mode: "normal" });
    // One address's tabs: its cap is reached (each tab under its own cap per connection).
    const tabs = await Promise.all(Array.from({ length: Math.ceil(CHAT_ADDRESS_RATE.messages / CHAT_RATE.messages) + 1 }, () => writerFrom("203.0.113.7", roomId)));
    const acks = [];
    for (const [i, tab] of tabs.entries()) for (let n = 0; n < CHAT_RATE.messages && acks.length <= CHAT_ADDRESS_RATE.messages; n++) acks.push(await tab.emit("chat:send", { roomId, text: `tab ${i} ${n}`, nickname: "Zoé" }));
    expect(acks.slice(0, CHAT_ADDRESS_RATE.messages).every((ack) => ack.ok)).toBe(true);
    expect(acks[CHAT_ADDRESS_RATE.messages]).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    // Another player, through the same proxy, still writes.
    const other = await writerFrom("198.51.100.4", roomId);
    expectOk(await other.emit("chat:send", { roomId, text: "my turn to talk", nickname: "Yann" }));
  });
});
