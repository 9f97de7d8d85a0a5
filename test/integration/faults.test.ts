import { afterAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { openDatabase } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { qwirkleView, scriptedMove } from "../support/qwirkle";
import { startTcpProxy } from "../support/tcpProxy";

/** Two seated players in a started quick Qwirkle room; their sockets re-watch after every reconnection. */
async function seatedPair(url: string) {
  const { roomId, creatorToken } = await createRoom(url, "qwirkle", { mode: "quick" });
  const players: { client: TestClient; seat: number; token: string }[] = [];
  for (const seat of [0, 1]) {
    const client = await TestClient.connect(url, { reconnection: true });
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `P${seat}` })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token] }));
    client.socket.io.on("reconnect", () => void client.emit("room:watch", { roomId, seatTokens: [token] }));
    players.push({ client, seat, token });
  }
  expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
  await players[1]!.client.waitFor((s) => s.room.status === "playing");
  return { roomId, players };
}

/** One scripted move by whoever is to move; resolves with the ack. */
async function playOne(roomId: string, players: { client: TestClient; seat: number; token: string }[]) {
  // The mover of the last move heard of it first (its snapshot precedes its ack): wait until the
  // first player has caught up before deciding whose turn it is.
  const newest = Math.max(...players.map((p) => p.client.latest.room.moveNumber));
  const latest = await players[0]!.client.waitFor((s) => s.room.moveNumber === newest);
  const mover = players.find((p) => p.seat === latest.currentSeats[0])!;
  const snapshot = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber);
  return mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move: scriptedMove(qwirkleView(snapshot, mover.seat)) });
}

describe("faults", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("SIGTERM: finishes the move in flight, exits cleanly, and clients reconnect to the restarted server", async () => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    let server: ChildServer = await spawnServer(db.env, port);
    cleanups.push(async () => void (await server.kill("SIGKILL")));
    const { roomId, players } = await seatedPair(server.url);
    cleanups.push(() => players.forEach((p) => p.client.close()));
    expectOk(await playOne(roomId, players));
    expectOk(await playOne(roomId, players));
    const inFlight = playOne(roomId, players);
    const exited = server.kill("SIGTERM");
    const ack = await Promise.race([inFlight, new Promise<{ ok: false; lost: true }>((r) => setTimeout(() => r({ ok: false, lost: true }), 5000))]);
    expect(await exited).toBe(0); // a clean exit, not a crash
    const acked = ack.ok ? 3 : 2;
    server = await spawnServer(db.env, port);
    for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === acked && s.room.status === "playing", 30_000);
    expectOk(await playOne(roomId, players)); // play goes on
  });

  it.skipIf(!process.env.DATABASE_URL)("database outage: moves answer UNAVAILABLE and change nothing; play resumes when it returns", async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const target = new URL(db.databaseUrl ?? "");
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    cleanups.push(() => proxy.close());
    const viaProxy = new URL(target.toString());
    viaProxy.port = String(proxy.port);
    const config = loadConfig({ ...process.env, DATABASE_URL: viaProxy.toString() });
    const database = await openDatabase({ databaseUrl: viaProxy.toString(), dataDir: db.dataDir });
    await applyMigrations(database.url, config.migrationsDir);
    const app = await createApp({ db: database, clientDir: null, logLevel: "fatal" });
    await app.fastify.listen({ port: 0, host: "127.0.0.1" });
    cleanups.push(async () => {
      await app.close();
      await database.close();
    });
    const address = app.fastify.server.address();
    const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    const { roomId, players } = await seatedPair(url);
    cleanups.push(() => players.forEach((p) => p.client.close()));
    expectOk(await playOne(roomId, players));
    for (const p of players) await p.client.waitFor((s) => s.room.moveNumber === 1);
    const seen = players.map((p) => p.client.latest.room.moveNumber);

    proxy.cut();
    for (let i = 0; i < 3; i++) {
      const failed = await playOne(roomId, players);
      expect(failed).toMatchObject({ ok: false, error: { code: "UNAVAILABLE" } });
    }
    expect((await fetch(`${url}/healthz`)).status).toBe(503);
    expect(players.map((p) => p.client.latest.room.moveNumber)).toEqual(seen); // nobody saw a move that was not stored

    proxy.restore();
    expectOk(await playOne(roomId, players)); // no restart needed
    expect((await fetch(`${url}/healthz`)).status).toBe(200);
    const stored = await app.rooms.get(roomId);
    const row = await database.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    expect(row.moveNumber).toBe(2);
    expect(row.state).toEqual(JSON.parse(JSON.stringify(stored.state)));
  });
});
