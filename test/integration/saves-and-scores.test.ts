import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { verifyScoreChain } from "../../server/scores/verify";
import { createRoom, expectOk, TestClient } from "../support/client";
import { playScriptedUntilOver } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";

const migrationsDir = path.resolve("prisma/migrations");

async function seatedRoom(server: TestServer, nicknames: string[]) {
  const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "quick" });
  const players: { client: TestClient; seat: number; token: string }[] = [];
  for (const [seat, nickname] of nicknames.entries()) {
    const client = await TestClient.connect(server.url);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token], creatorToken: seat === 0 ? creatorToken : undefined }));
    players.push({ client, seat, token });
  }
  expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
  await players[0]!.client.waitFor((s) => s.room.status === "playing");
  return { roomId, creatorToken, players };
}

describe("saved games and the score list", () => {
  let server: TestServer;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("pauses, and resumes from another device holding a seat token", async () => {
    const { roomId, creatorToken, players } = await seatedRoom(server, ["Ann", "Ben"]);
    clients.push(...players.map((p) => p.client));
    const [ann, ben] = players as [(typeof players)[0], (typeof players)[0]];
    expect(await ben.client.emit("game:pause", { roomId, creatorToken: ben.token })).toMatchObject({ ok: false, error: { code: "NOT_CREATOR" } });
    expectOk(await ann.client.emit("game:pause", { roomId, creatorToken }));
    await ben.client.waitFor((s) => s.room.status === "paused");
    const move = await ann.client.emit("game:move", { roomId, seat: 0, seatToken: ann.token, move: { type: "pass" } });
    expect(move).toMatchObject({ ok: false, error: { code: "PAUSED" } });
    // Ben comes back days later on another device with his stored token.
    ann.client.close();
    ben.client.close();
    const otherDevice = await TestClient.connect(server.url);
    clients.push(otherDevice);
    const stranger = await TestClient.connect(server.url);
    clients.push(stranger);
    expectOk(await stranger.emit("room:watch", { roomId, seatTokens: [] }));
    const forged = "x".repeat(43);
    expect(await stranger.emit("game:resume", { roomId, token: forged })).toMatchObject({ ok: false, error: { code: "NOT_YOUR_SEAT" } });
    const watched = expectOk(await otherDevice.emit("room:watch", { roomId, seatTokens: [ben.token] }));
    expect(watched.snapshot.room.status).toBe("paused");
    expect(watched.snapshot.you.seats).toEqual([1]);
    expectOk(await otherDevice.emit("game:resume", { roomId, token: ben.token }));
    await stranger.waitFor((s) => s.room.status === "playing");
  });

  it("appends exactly one score row per seat when a game finishes, chained and verifiable", async () => {
    const before = await server.db.prisma.scoreEntry.count();
    const { roomId, players } = await seatedRoom(server, ["Cleo", "Dan"]);
    clients.push(...players.map((p) => p.client));
    const final = await playScriptedUntilOver(roomId, players);
    expect(final.outcome?.finished).toBe(true);
    const rows = await server.db.prisma.scoreEntry.findMany({ where: { roomId }, orderBy: { seat: "asc" } });
    expect(rows).toHaveLength(2);
    expect(await server.db.prisma.scoreEntry.count()).toBe(before + 2);
    expect(rows.map((r) => [r.nickname, r.score, r.rank, r.winner, r.isComputer, r.optionsSummary])).toEqual(
      [0, 1].map((seat) => [["Cleo", "Dan"][seat], final.outcome?.scores[seat], final.outcome?.ranks[seat], final.outcome?.winners.includes(seat), false, "board=12x26, mode=quick"]),
    );
    expect(await verifyScoreChain(server.db.prisma)).toEqual({ ok: true, rows: before + 2 });

    // The public list names the game by its replay's name, never by the room's id (the table's link).
    const { replayId } = await server.db.prisma.room.findUniqueOrThrow({ where: { id: roomId } });
    const listed = await (await fetch(`${server.url}/api/scores?game=qwirkle&nickname=cleo`)).text();
    expect(listed).not.toContain(roomId);
    const list = JSON.parse(listed) as { entries: { nickname: string; replayId: string }[] };
    expect(list.entries.map((e) => [e.nickname, e.replayId])).toEqual([["Cleo", replayId]]);
    const replay = (await (await fetch(`${server.url}/api/replays/${replayId}/log`)).json()) as { replayId: string; roomId?: string; replay: { moves: unknown[] } | null };
    expect(replay.roomId).toBeUndefined();
    expect(replay.replay?.moves).toHaveLength(final.room.moveNumber);
    expect((await fetch(`${server.url}/api/replays/${"0".repeat(32)}/log`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/replays/${roomId}/log`)).status).toBe(404); // a room id is not a replay's name
    // A cursor past the largest id is a bad request, not a server error.
    const pastTheEnd = await fetch(`${server.url}/api/scores?cursor=9999999999999999999`);
    expect(pastTheEnd.status).toBe(400);
    expect(((await pastTheEnd.json()) as { error: { code: string } }).error.code).toBe("BAD_REQUEST");
    const csv = await (await fetch(`${server.url}/api/scores.csv?nickname=Dan`)).text();
    expect(csv.split("\r\n")[1]).toContain(",Dan,");
    expect(csv).not.toContain(roomId);
    // The whole list, streamed: a few downloads a minute per address.
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const again = await fetch(`${server.url}/api/scores.csv`);
      statuses.push(again.status);
      await again.arrayBuffer();
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const log = (await (await fetch(`${server.url}/api/rooms/${roomId}/log`)).json()) as { entries: unknown[]; replay: { seed: string; moves: unknown[] } | null };
    expect(log.entries).toHaveLength(final.room.moveNumber);
    expect(log.replay?.moves).toHaveLength(final.room.moveNumber); // finished: the replay may show everything
  });

  it("lists a browser's rooms from its tokens", async () => {
    const { roomId, creatorToken, players } = await seatedRoom(server, ["Eve", "Fay"]);
    clients.push(...players.map((p) => p.client));
    // Qwirkle's first player is the one with the longest line in hand: read whose turn it is.
    const turn = (await players[0]!.client.waitFor((s) => s.currentSeats.length > 0)).currentSeats[0]!;
    const waiting = players[turn]!;
    const other = players[1 - turn]!;
    const response = await fetch(`${server.url}/api/my-rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        rooms: [
          { roomId, seatTokens: [other.token] },
          { roomId: "Q".repeat(22), seatTokens: [] },
          { roomId, seatTokens: [], creatorToken },
          { roomId, seatTokens: [waiting.token] },
        ],
      }),
    });
    type Found = { roomId: string; status: string; mySeats: number[]; creator: boolean; yourTurn: boolean; deadline: string | null; paceDays: number | null };
    const body = (await response.json()) as { rooms: Found[]; missing: string[] };
    // The room waits on the device holding the seat to play, not on the other one nor on a host without a seat.
    expect(body.rooms.map((r) => [r.roomId, r.status, r.mySeats, r.creator, r.yourTurn, r.deadline, r.paceDays])).toEqual([
      [roomId, "playing", [other.seat], false, false, null, null],
      [roomId, "playing", [], true, false, null, null],
      [roomId, "playing", [turn], false, true, null, null],
    ]);
    expect(body.missing).toEqual(["Q".repeat(22)]);
    // While the game runs, the log is public information only.
    const log = (await (await fetch(`${server.url}/api/rooms/${roomId}/log`)).json()) as { replay: unknown };
    expect(log.replay).toBeNull();
  });

  it("expires rooms that never started after 7 days, and keeps the others", async () => {
    const waiting = await createRoom(server.url, "qwirkle");
    const { roomId: playing } = await seatedRoom(server, ["Gus", "Hal"]);
    const old = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await server.db.prisma.room.updateMany({ where: { id: { in: [waiting.roomId, playing] } }, data: { createdAt: old } });
    expect(await server.app.rooms.expireUnstarted()).toBeGreaterThanOrEqual(1);
    expect(await server.db.prisma.room.findUnique({ where: { id: waiting.roomId } })).toBeNull();
    expect(await server.db.prisma.room.findUnique({ where: { id: playing } })).not.toBeNull();
  });
});

describe("the score table is append-only in the database itself", () => {
  const databases: { name: string; open: () => Promise<{ db: Database; done: () => Promise<void> }> }[] = [
    {
      name: "PGlite",
      open: async () => {
        const dir = await mkdtemp(path.join(tmpdir(), "tablee-pglite-"));
        const db = await openDatabase({ dataDir: dir });
        return { db, done: async () => { await db.close(); await rm(dir, { recursive: true, force: true }); } };
      },
    },
  ];
  if (process.env.DATABASE_URL) {
    databases.push({
      name: "PostgreSQL",
      open: async () => {
        const { createTestDatabase } = await import("../support/database");
        const testDb = await createTestDatabase();
        const db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
        return { db, done: async () => { await db.close(); await testDb.drop(); } };
      },
    });
  }

  for (const target of databases) {
    it(`refuses UPDATE, DELETE and TRUNCATE, and the chain check finds a forged row (${target.name})`, async () => {
      const { db, done } = await target.open();
      try {
        await applyMigrations(db.url, migrationsDir);
        const { chainRows, GENESIS_HASH } = await import("../../server/scores/chain");
        const rows = chainRows(GENESIS_HASH, [0, 1].map((seat) => ({
          gameId: "qwirkle", gameName: "Qwirkle", roomId: "r".repeat(22), seat, nickname: `N${seat}`, isComputer: false, botLevel: null,
          score: 10 + seat, rank: 2 - seat, winner: seat === 1, finishedAt: new Date("2026-01-01T00:00:00Z"), optionsSummary: "mode=quick",
        })));
        for (const row of rows) await db.prisma.scoreEntry.create({ data: row });
        expect(await verifyScoreChain(db.prisma)).toEqual({ ok: true, rows: 2 });
        await expect(db.prisma.$executeRawUnsafe(`UPDATE score_entries SET score = 99`)).rejects.toThrow(/append-only/);
        await expect(db.prisma.$executeRawUnsafe(`DELETE FROM score_entries`)).rejects.toThrow(/append-only/);
        await expect(db.prisma.$executeRawUnsafe(`TRUNCATE score_entries`)).rejects.toThrow(/append-only/);
        expect(await db.prisma.scoreEntry.count()).toBe(2);
        // Inserting is allowed, so a forger can only add rows: a row whose hash does not chain is found.
        const last = rows[1]!;
        await db.prisma.scoreEntry.create({ data: { ...last, nickname: "Mallory", score: 500, prevHash: last.hash, hash: "f".repeat(64) } });
        expect(await verifyScoreChain(db.prisma)).toMatchObject({ ok: false, rows: 3, reason: expect.stringContaining("hash") });
      } finally {
        await done();
      }
    });
  }
});
