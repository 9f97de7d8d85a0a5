import { randomBytes } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { clusterServicesReady, deleteStream, SHARED_REDIS_URL } from "../support/sharedRedis";
import { proxiedDatabaseUrl, type TcpProxy } from "../support/tcpProxy";

/** Long enough for one summary line (every 10 s), short of a second one. */
const OUTAGE_MS = 13_000;
const NICKNAME = "Zoé Outage";

const ready = await clusterServicesReady("the outage log test");

/** One JSON log line of a child server. */
interface Line {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

/**
 * Issue 32, point 4: a database outage logged 9 lines in 20 s ("lease sweep failed" every 5 s even
 * with one process, "could not look for slow turns") where docs/scaling.md promises one line when it
 * starts, a summary every 10 s and one when it ends. Two real server processes, one alone and one in a
 * cluster (the only kind that sweeps leases), each with everything that touches the database in the
 * background at once: computers playing each other, a countdown due during the outage, slow-turn
 * checks every 200 ms, lease sweeps every 300 ms, and a player's moves refused. Their databases are
 * cut for 13 s: each logs exactly those three lines, with no nickname or driver text in them.
 */
describe.runIf(ready)("a database outage in the log", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** A server process on its own database, reached through a proxy the test can cut. */
  const start = async (cluster: boolean): Promise<{ server: ChildServer; proxy: TcpProxy }> => {
    const db: TestDatabase = await createTestDatabase();
    cleanups.push(() => db.drop());
    const { proxy, url: viaProxy } = await proxiedDatabaseUrl(db.databaseUrl!);
    cleanups.push(() => proxy.close());
    const stream = `tablee-test-${randomBytes(4).toString("hex")}`;
    if (cluster) cleanups.push(() => deleteStream(stream));
    const server = await spawnServer({
      ...db.env,
      DATABASE_URL: viaProxy,
      ...(cluster ? { REDIS_URL: SHARED_REDIS_URL, REDIS_STREAM: stream, LEASE_TTL_MS: "1500", LEASE_SWEEP_MS: "300" } : { REDIS_URL: "" }),
      PACE_CHECK_MS: "200",
      BOT_DELAY_MS: "100",
    });
    cleanups.push(() => server.kill("SIGKILL"));
    return { server, proxy };
  };

  /** Two computers playing each other, a Memoarr peek due in 1 s, and a seated human with nickname NICKNAME. */
  const busy = async (url: string) => {
    const client = await TestClient.connect(url);
    cleanups.push(() => client.close());
    const bots = await createRoom(url, "qwirkle", { mode: "normal", board: "open" });
    expectOk(await client.emit("room:watch", { roomId: bots.roomId, seatTokens: [], creatorToken: bots.creatorToken }));
    for (const seat of [0, 1]) expectOk(await client.emit("seat:configure", { roomId: bots.roomId, creatorToken: bots.creatorToken, seat, kind: "computer", bot: "easy" }));
    for (const seat of [2, 3]) expectOk(await client.emit("seat:configure", { roomId: bots.roomId, creatorToken: bots.creatorToken, seat, kind: "closed" }));
    expectOk(await client.emit("game:start", { roomId: bots.roomId, creatorToken: bots.creatorToken }));
    const peek = await createRoom(url, "memoarr", { peekSeconds: 1 });
    expectOk(await client.emit("room:watch", { roomId: peek.roomId, seatTokens: [], creatorToken: peek.creatorToken }));
    const { seatToken } = expectOk(await client.emit("seat:claim", { roomId: peek.roomId, seat: 0, nickname: NICKNAME }));
    expectOk(await client.emit("seat:claim", { roomId: peek.roomId, seat: 1, nickname: `${NICKNAME} 2` }));
    for (const seat of [2, 3]) expectOk(await client.emit("seat:configure", { roomId: peek.roomId, creatorToken: peek.creatorToken, seat, kind: "closed" }));
    expectOk(await client.emit("room:watch", { roomId: peek.roomId, seatTokens: [seatToken] }));
    return { client, peekRoom: peek.roomId, creatorToken: peek.creatorToken, seatToken };
  };

  const linesOf = (server: ChildServer, from: number): Line[] =>
    server
      .output()
      .slice(from)
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Line);

  it("is one line when it starts, one summary every 10 s and one when it ends, alone and in a cluster", async () => {
    const [alone, clustered] = await Promise.all([start(false), start(true)]);
    const tables = await Promise.all([alone, clustered].map(({ server }) => busy(server.url)));
    const from = [alone, clustered].map(({ server }) => server.output().length);
    // The peek countdowns start now and run out during the outage; the computers are playing.
    for (const table of tables) expectOk(await table.client.emit("game:start", { roomId: table.peekRoom, creatorToken: table.creatorToken }));
    for (const { proxy } of [alone, clustered]) proxy.cut();
    const cutAt = Date.now();
    while (Date.now() - cutAt < OUTAGE_MS) {
      for (const table of tables) {
        const answer = await table.client.emit("game:move", { roomId: table.peekRoom, seat: 0, seatToken: table.seatToken, move: { type: "ready" } });
        expect(answer).toMatchObject({ ok: false });
      }
      await new Promise((r) => setTimeout(r, 1_000));
    }
    for (const { proxy } of [alone, clustered]) proxy.restore();
    // The next sweep, countdown retry or computer move finds the database again.
    for (const [i, { server }] of [alone, clustered].entries()) {
      await expect.poll(() => linesOf(server, from[i]!).some((line) => line.msg === "database answers again"), { timeout: 10_000, interval: 100 }).toBe(true);
    }
    await new Promise((r) => setTimeout(r, 1_000)); // room for a late line that must not come

    for (const [i, { server }] of [alone, clustered].entries()) {
      const lines = linesOf(server, from[i]!);
      expect(lines.map((line) => line.msg)).toEqual([
        "database unavailable: requests are answered UNAVAILABLE until it answers (further failures are summarised)",
        "database still unavailable",
        "database answers again",
      ]);
      expect(lines[1]).toMatchObject({ level: 50, failures: expect.any(Number), outageMs: expect.any(Number), error: { type: expect.any(String), codes: expect.any(Array) } });
      expect(lines[1]!.outageMs).toBeGreaterThanOrEqual(10_000);
      expect(lines[1]!.failures).toBeGreaterThan(10); // moves, sweeps, countdowns, computers and slow-turn checks, counted
      expect(JSON.stringify(lines)).not.toContain("Zoé");
      // And the tables go on: the peek ends, the computers play.
      await tables[i]!.client.waitFor((s) => s.room.id === tables[i]!.peekRoom && s.log.some((entry) => entry.seat === -1), 10_000);
    }
  });
});
