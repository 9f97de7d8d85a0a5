import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { RoomLeases } from "../../server/cluster/leases";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { DEFAULT_SETTINGS } from "../../server/rooms/record";
import { RoomStore } from "../../server/rooms/store";
import * as transitions from "../../server/rooms/transitions";
import { GAMES } from "../../shared/games/registry";
import { createTestDatabase, type TestDatabase } from "../support/database";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;

/** Lease renewal must never wait for a room being written: that made lock convoys and deadlocks. */
describe("room leases", () => {
  let testDb: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await applyMigrations(db.url, loadConfig({ ...process.env, ...testDb.env }).migrationsDir);
    const store = new RoomStore(db.prisma, db.pool);
    for (const id of ["busy", "idle"]) {
      const room = transitions.newRoom(id, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date());
      await store.insert({ ...room, status: "playing" });
    }
    await db.pool.query("UPDATE rooms SET lease_owner = 'me', lease_until = timezone('UTC', now()) + interval '1 second'");
  });
  afterAll(async () => {
    await db?.close();
    await testDb?.drop();
  });

  it.runIf(process.env.DATABASE_URL)("renews the leases of rooms nobody is writing, skipping a row locked by a write instead of waiting for it", async () => {
    const writer = await db.pool.connect();
    try {
      await writer.query("BEGIN");
      await writer.query("SELECT id FROM rooms WHERE id = 'busy' FOR UPDATE"); // a move's write in progress
      const started = Date.now();
      await new RoomLeases(db.pool, "me", 15_000).renew();
      expect(Date.now() - started).toBeLessThan(1000);
      const { rows } = await db.pool.query<{ id: string; left: number }>(
        "SELECT id, extract(epoch FROM lease_until - timezone('UTC', now())) AS left FROM rooms ORDER BY id",
      );
      expect(rows.map((r) => [r.id, Number(r.left) > 10])).toEqual([
        ["busy", false], // skipped: its own write renews it
        ["idle", true],
      ]);
    } finally {
      await writer.query("ROLLBACK");
      writer.release();
    }
  });

  it.runIf(process.env.DATABASE_URL)("renews in batches of `chunk` rows until none is due, and leaves a lease with two thirds of its time left", async () => {
    const store = new RoomStore(db.prisma, db.pool);
    const ids = ["c1", "c2", "c3", "c4", "c5", "fresh"];
    for (const id of ids) await store.insert({ ...transitions.newRoom(id, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "hash", new Date()), status: "playing" });
    await db.pool.query("UPDATE rooms SET lease_owner = 'me', lease_until = timezone('UTC', now()) + interval '1 second' WHERE id = ANY($1)", [ids]);
    await db.pool.query("UPDATE rooms SET lease_until = timezone('UTC', now()) + interval '12 seconds' WHERE id = 'fresh'");
    const query = vi.spyOn(db.pool, "query");
    await new RoomLeases(db.pool, "me", 15_000).renew(2);
    expect(query.mock.calls.length).toBeGreaterThanOrEqual(3); // 5 due (and "idle" maybe) in batches of 2
    query.mockRestore();
    const { rows } = await db.pool.query<{ id: string; left: number }>(
      "SELECT id, extract(epoch FROM lease_until - timezone('UTC', now())) AS left FROM rooms WHERE id = ANY($1) ORDER BY id",
      [ids],
    );
    expect(rows.map((r) => [r.id, Number(r.left) > 14, Number(r.left) > 10])).toEqual([
      ["c1", true, true],
      ["c2", true, true],
      ["c3", true, true],
      ["c4", true, true],
      ["c5", true, true],
      ["fresh", false, true], // kept as it was: a third of its time has not run out yet
    ]);
  });
});
