import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRoom, expectOk, TestClient } from "../support/client";
import { startTestServer, type TestServer } from "../support/server";

/** Nobody acts for a seat that is not theirs; limits hold; headers protect the pages. */
describe("security", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    server = await startTestServer({
      httpLimits: { requestsPerMinute: 10_000, roomsPerMinute: 8 },
      eventLimits: { perSecond: 20, burst: 20, abuseRefusals: 30, abuseWindowMs: 10_000 },
      captureLog: true,
    });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("refuses to act with another seat's id, a forged token, a token of another room, or no seat at all", async () => {
    const rooms = [await createRoom(server.url, "qwirkle"), await createRoom(server.url, "qwirkle")];
    const player = await connect();
    const tokens: string[][] = [];
    for (const { roomId, creatorToken } of rooms) {
      expectOk(await player.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
      const a = expectOk(await player.emit("seat:claim", { roomId, seat: 0, nickname: "A" })).seatToken;
      const b = expectOk(await player.emit("seat:claim", { roomId, seat: 1, nickname: "B" })).seatToken;
      expectOk(await player.emit("game:start", { roomId, creatorToken }));
      tokens.push([a, b]);
    }
    const [first] = rooms as [(typeof rooms)[0]];
    const [[a0, b0], [a1]] = tokens as [[string, string], [string, string]];
    const before = await server.db.prisma.room.findUniqueOrThrow({ where: { id: first.roomId } });
    const pass = { type: "pass" } as const;
    const attempts = [
      { seat: 0, seatToken: b0 }, // B's token, A's seat
      { seat: 0, seatToken: "A".repeat(43) }, // forged
      { seat: 0, seatToken: a1 }, // A's token from the other room
      { seat: 0, seatToken: first.creatorToken }, // the creator token is not a seat token
    ];
    for (const attempt of attempts) {
      const ack = await player.emit("game:move", { roomId: first.roomId, move: pass, ...attempt });
      expect(ack).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
    }
    const spectator = await connect();
    expectOk(await spectator.emit("room:watch", { roomId: first.roomId, seatTokens: [] }));
    expect(await spectator.emit("game:move", { roomId: first.roomId, seat: 0, seatToken: "x".repeat(43), move: pass })).toMatchObject({ ok: false });
    expect(await spectator.emit("game:pause", { roomId: first.roomId, creatorToken: a0 })).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
    expect(await spectator.emit("seat:takeover", { roomId: first.roomId, seatToken: "y".repeat(43), seat: 1 })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
    const after = await server.db.prisma.room.findUniqueOrThrow({ where: { id: first.roomId } });
    expect(after.version).toBe(before.version);
    // Tokens are stored hashed: the database never holds a usable token.
    expect(JSON.stringify(after)).not.toContain(a0);
    expect(JSON.stringify(after)).not.toContain(first.creatorToken);
  });

  it("limits room creation per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const response = await fetch(`${server.url}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: "qwirkle" }) });
      statuses.push(response.status);
      if (response.status === 429) expect(await response.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    }
    expect(statuses).toContain(429);
  });

  it("refuses a flood of socket events, then cuts the connection", async () => {
    const flooder = await connect();
    const flooderId = flooder.socket.id;
    const served = await Promise.all(Array.from({ length: 20 }, () => flooder.emitRaw("room:watch", { roomId: "Z".repeat(22), seatTokens: [] })));
    expect(served.every((a) => (a as { error?: { code: string } }).error?.code === "ROOM_NOT_FOUND")).toBe(true); // within the limit: served
    const dropped = new Promise((r) => setTimeout(() => r({ error: { code: "DROPPED" } }), 3000));
    const acks = await Promise.all(
      Array.from({ length: 120 }, () => Promise.race([flooder.emitRaw("room:watch", { roomId: "Z".repeat(22), seatTokens: [] }), dropped])),
    );
    const codes = acks.map((a) => (a as { error?: { code: string } }).error?.code);
    expect(codes).toContain("DROPPED"); // the connection was cut before the rest were answered
    expect(codes).toContain("RATE_LIMITED");
    await new Promise((r) => setTimeout(r, 200));
    expect(flooder.socket.connected).toBe(false);

    // The same with unknown events; each flooding connection is one warning in the log, not one per event.
    const second = await connect();
    const secondId = second.socket.id;
    await Promise.all(Array.from({ length: 200 }, () => Promise.race([second.emitRaw("no:such-event", {}), dropped])));
    await new Promise((r) => setTimeout(r, 200));
    expect(second.socket.connected).toBe(false);
    const cutOffLines = server.logLines().filter((line) => line.includes("cut off for flooding"));
    expect(cutOffLines.map((line) => (JSON.parse(line) as { socket: string }).socket).sort()).toEqual([flooderId, secondId].sort());
  });

  it("leaves /healthz and /livez out of the per-address HTTP limit: a health checker behind one address never gets 429 (issue 32, point 9)", async () => {
    const limited = await startTestServer({ httpLimits: { requestsPerMinute: 5, roomsPerMinute: 5 } });
    try {
      const health = [];
      for (let i = 0; i < 20; i++) health.push((await fetch(`${limited.url}/healthz`)).status, (await fetch(`${limited.url}/livez`)).status);
      expect(health).toEqual(Array.from({ length: 40 }, () => 200));
      // The limit still holds for everything else, and the health checks did not use it up.
      const api = [];
      for (let i = 0; i < 7; i++) api.push((await fetch(`${limited.url}/api/games`)).status);
      expect(api).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect((await fetch(`${limited.url}/healthz`)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it("limits the routes that look up a device's whole list of rooms, each on its own", async () => {
    const limited = await startTestServer({ httpLimits: { requestsPerMinute: 1000, roomsPerMinute: 5, tokenListsPerMinute: 3 } });
    try {
      const rooms = Array.from({ length: 200 }, (_, i) => ({ roomId: `nosuchroom${String(i).padStart(12, "0")}`, seatTokens: [] }));
      const post = async (path: string, body: object) =>
        (await fetch(`${limited.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })).status;
      const mine = [];
      for (let i = 0; i < 4; i++) mine.push(await post("/api/my-rooms", { rooms }));
      expect(mine).toEqual([200, 200, 200, 429]);
      const subscription = { endpoint: "https://push.example/device", keys: { p256dh: "B".repeat(87), auth: "A".repeat(22) } };
      const subscribed = [];
      for (let i = 0; i < 4; i++) subscribed.push(await post("/api/push/subscribe", { subscription, locale: "en", rooms }));
      expect(subscribed.slice(3)).toEqual([429]);
      expect(subscribed.slice(0, 3)).not.toContain(429);
    } finally {
      await limited.close();
    }
  });

  it("answers /healthz and /livez 503 once the process shuts down, so the balancer sends reconnecting clients elsewhere", async () => {
    const stopping = await startTestServer();
    try {
      expect((await fetch(`${stopping.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${stopping.url}/livez`)).status).toBe(200);
      stopping.app.rooms.stopAccepting(); // the first step of a graceful close (app.close)
      for (const path of ["/healthz", "/livez"]) {
        const answer = await fetch(`${stopping.url}${path}`);
        expect(answer.status).toBe(503);
        expect(await answer.json()).toMatchObject({ ok: false, reason: "shutting down" });
      }
    } finally {
      await stopping.close();
    }
  });

  it("sends security headers and a strict Content-Security-Policy", async () => {
    const response = await fetch(`${server.url}/`);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("refuses sockets opened by pages of another origin", async () => {
    const socket = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { origin: "https://evil.example" } });
    const outcome = await new Promise<string>((resolve) => {
      socket.once("connect", () => resolve("connected"));
      socket.once("connect_error", () => resolve("refused"));
    });
    socket.close();
    expect(outcome).toBe("refused");
    const sameSite = io(server.url, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { origin: server.url } });
    const ok = await new Promise<string>((resolve) => {
      sameSite.once("connect", () => resolve("connected"));
      sameSite.once("connect_error", (e) => resolve(`refused ${e.message}`));
    });
    sameSite.close();
    expect(ok).toBe("connected");
  });

  it("answers oversized payloads without acting on them", async () => {
    const client = await connect();
    const huge = "n".repeat(100_000); // over the 64 KiB socket limit: the server drops the connection
    const ack = await Promise.race([client.emitRaw("seat:claim", { roomId: "A".repeat(22), seat: 0, nickname: huge }), new Promise((r) => setTimeout(() => r("dropped"), 2000))]);
    expect(ack === "dropped" || (ack as { ok: boolean }).ok === false).toBe(true);
    const small = await connect();
    expect(await small.emitRaw("seat:claim", { roomId: "A".repeat(22), seat: 0, nickname: "n".repeat(5000) })).toMatchObject({ ok: false, error: { code: "BAD_REQUEST" } });
    const body = await fetch(`${server.url}/api/my-rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ rooms: [], pad: "x".repeat(70_000) }) });
    expect(body.status).toBe(413);
  });
});
