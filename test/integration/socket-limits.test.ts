import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Each address's share of sockets: engine.io answers a handshake before fastify's per-address limits
 * see it, so a script could open sockets without end. Behind a trusted proxy, as in production, the
 * addresses are the players' own (X-Forwarded-For), each counted apart.
 */
describe("sockets per address", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async (address: string) => {
    const client = await TestClient.connect(server.url, { headers: { "x-forwarded-for": address } });
    clients.push(client);
    return client;
  };
  /** A handshake as a browser's polling transport starts it: what the refused one is told. */
  const handshake = async (address: string) => {
    const response = await fetch(`${server.url}/socket.io/?EIO=4&transport=polling`, { headers: { "x-forwarded-for": address } });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer({ trustProxy: ["127.0.0.1"], connectionLimits: { perAddress: 3, perAddressPerMinute: 6 } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("refuses an address's socket past its open sockets, says why, and admits it again once one closes", async () => {
    const held = [await connect("203.0.113.7"), await connect("203.0.113.7"), await connect("203.0.113.7")];
    await expect(connect("203.0.113.7")).rejects.toThrow();
    const refused = await handshake("203.0.113.7");
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("too many connections from your address");
    // What a page whose socket fails asks (a refused WebSocket says nothing to a browser): the same answer, nothing spent.
    const admission = async (address: string) => (await (await fetch(`${server.url}/api/socket-admission`, { headers: { "x-forwarded-for": address } })).json()) as unknown;
    expect(await admission("203.0.113.7")).toEqual({ admission: "tooMany" });
    expect(await admission("198.51.100.20")).toEqual({ admission: "ok" });
    // Another player's address is not held back by this one.
    const neighbour = await connect("198.51.100.20");
    expect(neighbour.socket.connected).toBe(true);
    held[0]!.close();
    await expect.poll(async () => (await handshake("203.0.113.7")).status).toBe(200);
  });

  it("refuses an address's socket past its new sockets a minute, closed ones counting", async () => {
    for (let i = 0; i < 6; i++) (await connect("192.0.2.55")).close();
    const refused = await handshake("192.0.2.55");
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("too many new connections from your address");
    expect(await (await fetch(`${server.url}/api/socket-admission`, { headers: { "x-forwarded-for": "192.0.2.55" } })).json()).toEqual({ admission: "tooFast" });
    await expect(connect("192.0.2.55")).rejects.toThrow();
  });
});
