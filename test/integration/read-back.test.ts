import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { GroupCommit } from "../../server/rooms/groupCommit";
import { READ_BACK_MS, UncertainWriteError } from "../../server/rooms/readBack";
import { DEFAULT_SETTINGS, type RoomRecord } from "../../server/rooms/record";
import { RoomStore } from "../../server/rooms/store";
import * as transitions from "../../server/rooms/transitions";
import { GAMES } from "../../shared/games/registry";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { proxiedDatabaseUrl, type TcpProxy } from "../support/tcpProxy";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const QUERY_MS = 800;

/**
 * A room write whose answer is lost (issue 32, points 1 and 2): the group commit goes through a TCP
 * proxy that loses Postgres's replies or freezes both ways, and reads back on a second pool — straight
 * to Postgres here, so what the read-back finds is tested apart from whether it can reach the database
 * (the end-to-end test, in-doubt.test.ts, reads back through the same proxy). Every answer comes within
 * the write's deadline plus READ_BACK_MS.
 */
describe.runIf(process.env.DATABASE_URL)("reading back a write whose answer was lost", () => {
  let testDb: TestDatabase;
  let direct: Database;
  let proxy: TcpProxy;
  let proxied: pg.Pool;
  let group: GroupCommit;
  let count = 0;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    direct = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await applyMigrations(direct.url, loadConfig({ ...process.env, ...testDb.env }).migrationsDir);
    const viaProxy = await proxiedDatabaseUrl(testDb.databaseUrl!);
    proxy = viaProxy.proxy;
    proxied = new pg.Pool({ connectionString: viaProxy.url, max: 4, query_timeout: QUERY_MS, connectionTimeoutMillis: QUERY_MS });
    proxied.on("error", () => undefined);
    group = new GroupCommit(proxied, { owner: "test", ttlMs: 5000, prepare: true, expireAfterMs: QUERY_MS, readBackPool: direct.pool });
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await proxied.end();
    await proxy.close();
    await direct.close();
    await testDb.drop();
  });

  /** A fresh stored room, and its next version with a move. */
  const freshRoom = async (): Promise<{ room: RoomRecord; next: RoomRecord; move: { moveNumber: number; seat: number; move: unknown; summary: { type: string }; moveId: string } }> => {
    const room = transitions.newRoom(`read-back-${count++}`, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date());
    await new RoomStore(direct.prisma, direct.pool).insert(room);
    const next = { ...room, version: room.version + 1, moveNumber: 1, updatedAt: new Date() };
    return { room, next, move: { moveNumber: 1, seat: 0, move: { type: "pass" }, summary: { type: "pass" }, moveId: `move-${count}-abcdef` } };
  };
  const stored = async (id: string) => {
    const row = (await direct.pool.query<{ version: number; moves: string }>("SELECT version, (SELECT count(*) FROM room_moves m WHERE m.room_id = r.id) AS moves FROM rooms r WHERE id = $1", [id])).rows[0]!;
    return { version: row.version, moves: Number(row.moves) };
  };
  const timed = async <T>(work: Promise<T>): Promise<{ settled: PromiseSettledResult<T>; ms: number }> => {
    const started = Date.now();
    const [settled] = await Promise.allSettled([work]);
    return { settled: settled!, ms: Date.now() - started };
  };

  it("a committed write whose reply was lost is acknowledged, not refused", async () => {
    const { next, move } = await freshRoom();
    await group.write(next, null).catch(() => undefined); // a connection through the proxy, the clocks measured
    const { next: second, move: secondMove } = await freshRoom();
    proxy.holdReplies();
    const answer = await timed(group.write(second, secondMove));
    expect(answer.settled).toEqual({ status: "fulfilled", value: true });
    expect(answer.ms).toBeGreaterThanOrEqual(QUERY_MS - 50); // the reply never came: found out by the read-back
    expect(answer.ms).toBeLessThan(QUERY_MS + READ_BACK_MS + 200);
    expect(await stored(second.id)).toEqual({ version: 1, moves: 1 });
    expect(move.moveNumber).toBe(1);
  });

  it("a write held by a frozen database is refused as not landed, and the database running it later changes nothing", async () => {
    const { next, move } = await freshRoom();
    expect(await group.write((await freshRoom()).next, null)).toBe(true); // a connection open before the freeze
    proxy.freeze();
    const answer = await timed(group.write(next, move));
    expect(answer.settled.status).toBe("rejected");
    const error = (answer.settled as PromiseRejectedResult).reason as UncertainWriteError;
    expect(error).toBeInstanceOf(UncertainWriteError);
    expect(error.outcome).toBe("not landed");
    expect(answer.ms).toBeLessThan(QUERY_MS + READ_BACK_MS + 200);
    proxy.restore(); // the held statement reaches Postgres now, past its expiry
    await new Promise((r) => setTimeout(r, 300));
    expect(await stored(next.id)).toEqual({ version: 0, moves: 0 });
  });

  it("a batch whose answer is lost while the read-back cannot reach the database either: every write unknown, within the bound", async () => {
    const blind = new GroupCommit(proxied, { owner: "test", ttlMs: 5000, prepare: true, expireAfterMs: QUERY_MS, readBackPool: proxied }, 1);
    const writes = await Promise.all(Array.from({ length: 20 }, () => freshRoom()));
    expect(await blind.write((await freshRoom()).next, null)).toBe(true); // connected, clocks measured
    proxy.freeze();
    const answers = await Promise.all(writes.map(({ next, move }) => timed(blind.write(next, move))));
    for (const answer of answers) {
      expect(answer.settled.status).toBe("rejected");
      expect(((answer.settled as PromiseRejectedResult).reason as UncertainWriteError).outcome ?? "no outcome").toBe("unknown");
      expect(answer.ms).toBeLessThan(QUERY_MS + READ_BACK_MS + 200); // one deadline, batch and read-back included
    }
    proxy.restore();
    await new Promise((r) => setTimeout(r, 300));
    for (const { next } of writes) expect(await stored(next.id)).toEqual({ version: 0, moves: 0 }); // past its expiry: void
  });

  it("a rematch (a transaction) whose replies stop is given up: refused as not landed, and it never commits afterwards", async () => {
    const { PrismaClient } = await import("../../server/db/generated/client");
    const { PrismaPg } = await import("@prisma/adapter-pg");
    const client = new PrismaClient({ adapter: new PrismaPg(proxied) });
    const store = new RoomStore(client, proxied, { owner: "test", ttlMs: 5000, prepare: true, expireAfterMs: QUERY_MS, readBackPool: direct.pool });
    const { room } = await freshRoom();
    const finished = { ...room, version: 1, updatedAt: new Date() };
    const nextGame = transitions.newRoom(`read-back-next-${count++}`, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date());
    await client.$queryRaw`SELECT 1`; // connected before the replies stop
    proxy.holdReplies();
    const answer = await timed(store.saveRematch(finished, nextGame));
    expect(answer.settled.status).toBe("rejected");
    expect(((answer.settled as PromiseRejectedResult).reason as UncertainWriteError).outcome).toBe("not landed");
    expect(answer.ms).toBeLessThan(QUERY_MS + READ_BACK_MS + 200);
    proxy.restore(); // the transaction gets its replies now and goes on: given up, it must roll back
    await new Promise((r) => setTimeout(r, 1000));
    expect((await stored(room.id)).version).toBe(0);
    expect(await direct.prisma.room.count({ where: { id: nextGame.id } })).toBe(0);
    await client.$disconnect();
  });
});
