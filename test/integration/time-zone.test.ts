import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { GroupCommit } from "../../server/rooms/groupCommit";
import { DEFAULT_SETTINGS } from "../../server/rooms/record";
import { RoomStore } from "../../server/rooms/store";
import * as transitions from "../../server/rooms/transitions";
import { GAMES } from "../../shared/games/registry";
import { createTestDatabase, type TestDatabase } from "../support/database";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;

/**
 * A database whose own time zone is not UTC (a Postgres installed in France: `timezone = 'Europe/Paris'`).
 * The rooms' times (`timestamp` columns, written both by Prisma and by the group commit's batch) must
 * come back as the instants written: a deadline read back hours off expires every running clock at a
 * restart, or plays a slow room's late turn hours early.
 */
describe("room times on a database whose time zone is not UTC", () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    const first = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await applyMigrations(first.url, loadConfig({ ...process.env, ...testDb.env }).migrationsDir);
    await first.pool.query("DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET timezone TO %L', current_database(), 'America/New_York'); END $$");
    await first.close();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir }); // new sessions: the database's time zone applies
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  it("reads back a move's time and a slow room's deadline as written", async () => {
    const store = new RoomStore(db.prisma, db.pool);
    const created = new Date("2026-11-29T12:00:00.000Z");
    const room = transitions.newRoom("zoned", qwirkle, { mode: "normal", board: "open" }, { ...DEFAULT_SETTINGS, paceDays: 1 }, "hash", created);
    await store.insert(room);
    expect((await store.load("zoned"))?.updatedAt.toISOString()).toBe(created.toISOString());

    const moved = new Date("2026-11-29T13:30:00.000Z");
    const deadline = Date.parse("2026-11-30T13:30:00.000Z");
    const next = { ...room, status: "playing" as const, version: 1, moveNumber: 1, updatedAt: moved, deadline: { moveNumber: 1, deadline, durationMs: 86_400_000 } };
    const group = new GroupCommit(db.pool, { owner: "test", ttlMs: 5000, prepare: db.kind === "postgres" }, 1);
    expect(await group.write(next, { moveNumber: 1, seat: 0, move: { type: "pass" }, summary: { type: "pass" } })).toBe(true);
    const loaded = await store.load("zoned");
    expect(loaded?.updatedAt.toISOString()).toBe(moved.toISOString());
    expect((await store.overdue(new Date(deadline - 60_000), 10))).toEqual([]); // not due an hour early, nor five
    expect((await store.overdue(new Date(deadline + 1), 10))).toEqual(["zoned"]);
    expect((await store.moves("zoned"))[0]?.createdAt.toISOString()).toBe(moved.toISOString());
  });
});
