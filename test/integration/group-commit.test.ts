import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { loadConfig } from "../../server/config";
import { openDatabase, type Database } from "../../server/db/database";
import { applyMigrations } from "../../server/db/migrate";
import { CHECKPOINT_EVERY, GroupCommit } from "../../server/rooms/groupCommit";
import { DEFAULT_SETTINGS, type RoomRecord } from "../../server/rooms/record";
import { RoomStore } from "../../server/rooms/store";
import * as transitions from "../../server/rooms/transitions";
import { GAMES } from "../../shared/games/registry";
import { createTestDatabase, type TestDatabase } from "../support/database";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const settings = DEFAULT_SETTINGS;

describe("group commit of room writes", () => {
  let testDb: TestDatabase;
  let db: Database;
  let store: RoomStore;
  const rooms: RoomRecord[] = [];

  beforeAll(async () => {
    testDb = await createTestDatabase();
    db = await openDatabase({ databaseUrl: testDb.databaseUrl, dataDir: testDb.dataDir });
    await applyMigrations(db.url, loadConfig({ ...process.env, ...testDb.env }).migrationsDir);
    store = new RoomStore(db.prisma, db.pool);
    for (let i = 0; i < 50; i++) {
      const room = transitions.newRoom(`room-${i}`, qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date());
      await store.insert(room);
      rooms.push(room);
    }
  });
  afterAll(async () => {
    await db.close();
    await testDb.drop();
  });

  /** Watches the statements sent on pooled connections: `batches()` lists the batch statements' row lists. */
  const watchBatches = () => {
    const query = vi.spyOn(pg.Client.prototype, "query");
    const batches = () =>
      query.mock.calls
        .map((call) => call[0] as unknown as { text?: string; values?: unknown[] })
        .filter((config) => typeof config === "object" && config.text?.includes("jsonb_to_recordset") && config.text.includes("UPDATE rooms r SET status"))
        .map((config) => JSON.parse(String(config.values?.[0])) as Record<string, unknown>[]);
    return { batches, restore: () => query.mockRestore() };
  };

  const bumped = (room: RoomRecord, version: number): RoomRecord => ({ ...room, version, moveNumber: version, updatedAt: new Date() });

  /** Updates of `rooms` so far, and how many of them were HOT (pg_stat_user_tables). */
  const updateCounts = async (): Promise<{ upd: number; hot: number }> => {
    const row = (await db.pool.query<{ upd: string; hot: string }>("SELECT n_tup_upd AS upd, n_tup_hot_upd AS hot FROM pg_stat_user_tables WHERE relname = 'rooms'")).rows[0]!;
    return { upd: Number(row.upd), hot: Number(row.hot) };
  };
  /** The counts once `updates` more than `before` show: backends report to the statistics a little later. */
  const updateCountsAfter = async (before: { upd: number }, updates: number): Promise<{ upd: number; hot: number }> => {
    let after = await updateCounts();
    for (let tries = 0; after.upd - before.upd < updates && tries < 100; tries++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await updateCounts();
    }
    return after;
  };

  it("commits concurrent writes of many rooms in shared statements, each with its move row", async () => {
    const group = new GroupCommit(db.pool, { owner: "test", ttlMs: 5000, prepare: db.kind === "postgres" }, 1); // one batch in flight: the other writes must queue and share the next
    const watched = watchBatches();
    const results = await Promise.all(
      rooms.map((room, i) => group.write(bumped(room, 1), { moveNumber: 1, seat: i % 4, move: { type: "pass", i }, summary: { type: "pass" } })),
    );
    expect(results.every(Boolean)).toBe(true);
    expect(watched.batches().map((rows) => rows.length)).toEqual([1, 49]); // the first write alone, then the 49 that queued meanwhile
    watched.restore();
    const stored = await db.pool.query<{ id: string; version: number; moves: string }>(
      "SELECT r.id, r.version, (SELECT count(*) FROM room_moves m WHERE m.room_id = r.id) AS moves FROM rooms r ORDER BY r.id",
    );
    expect(stored.rows).toHaveLength(50);
    for (const row of stored.rows) expect([row.version, Number(row.moves)]).toEqual([1, 1]);
    const move = await db.pool.query<{ move: unknown; seat: number }>("SELECT move, seat FROM room_moves WHERE room_id = 'room-7'");
    expect(move.rows[0]).toEqual({ move: { type: "pass", i: 7 }, seat: 3 });
  });

  it("reports a stale version as not committed and writes nothing for it, while the others commit", async () => {
    const group = new GroupCommit(db.pool, { owner: "test", ttlMs: 5000, prepare: db.kind === "postgres" }, 1);
    const [fresh, stale] = await Promise.all([
      group.write(bumped(rooms[0]!, 2), { moveNumber: 2, seat: 0, move: { n: 2 }, summary: { type: "x" } }),
      group.write(bumped(rooms[1]!, 1), { moveNumber: 1, seat: 0, move: { n: "again" }, summary: { type: "x" } }), // version 1 is taken
    ]);
    expect([fresh, stale]).toEqual([true, false]);
    const moves = await db.pool.query("SELECT move_number FROM room_moves WHERE room_id = 'room-1'");
    expect(moves.rows).toHaveLength(1);
  });

  it("a row the database refuses fails only its own writer", async () => {
    const group = new GroupCommit(db.pool, { owner: "test", ttlMs: 5000, prepare: db.kind === "postgres" }, 1);
    const bad = group.write(bumped(rooms[2]!, 2), { moveNumber: 2, seat: 0, move: { text: "nul \u0000 byte" }, summary: { type: "x" } });
    const good = group.write(bumped(rooms[3]!, 2), { moveNumber: 2, seat: 0, move: {}, summary: { type: "x" } });
    await expect(bad).rejects.toThrow();
    await expect(good).resolves.toBe(true);
    const versions = await db.pool.query<{ id: string; version: number }>("SELECT id, version FROM rooms WHERE id IN ('room-2', 'room-3') ORDER BY id");
    expect(versions.rows.map((r) => r.version)).toEqual([1, 2]);
  });

  it("saves the state every CHECKPOINT_EVERY moves and rebuilds it on load from the checkpoint and the moves since", async () => {
    let room = transitions.startGame(
      transitions.claimSeat(transitions.claimSeat(transitions.newRoom("checkpointed", qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date()), 0, "A", "ha", new Date()), 1, "B", "hb", new Date()),
      qwirkle,
      "seed",
      new Date(),
    );
    await store.insert({ ...room, version: 0 });
    room = { ...room, version: 0 };
    const played = CHECKPOINT_EVERY + 5;
    const stateAt: unknown[] = [room.state];
    for (let n = 0; n < played; n++) {
      const seat = qwirkle.currentSeats(room.state)[0]!;
      const accepted = transitions.playMove(room, qwirkle, seat, qwirkle.legalMoves(room.state, seat)[0], new Date());
      await store.save(accepted.room, { moveNumber: accepted.room.moveNumber, seat, move: accepted.move, summary: accepted.summary });
      room = accepted.room;
      stateAt.push(room.state);
    }
    const row = await db.pool.query<{ state: unknown; state_move_number: number; move_number: number }>("SELECT state, state_move_number, move_number FROM rooms WHERE id = 'checkpointed'");
    expect(row.rows[0]?.state_move_number).toBe(CHECKPOINT_EVERY);
    expect(row.rows[0]?.move_number).toBe(played);
    expect(row.rows[0]?.state).toEqual(JSON.parse(JSON.stringify(stateAt[CHECKPOINT_EVERY])));
    const loaded = await store.load("checkpointed", (id) => GAMES.find((game) => game.id === id));
    expect(loaded?.state).toEqual(JSON.parse(JSON.stringify(room.state)));
    expect(loaded?.log.at(-1)?.moveNumber).toBe(played);
    // A pause (a change that is not a move) saves the state whole.
    await store.save(transitions.pauseGame(room, new Date()), null);
    const paused = await db.pool.query<{ state_move_number: number }>("SELECT state_move_number FROM rooms WHERE id = 'checkpointed'");
    expect(paused.rows[0]?.state_move_number).toBe(played);
  });

  it.runIf(process.env.DATABASE_URL)("writes a move of a room in play as a HOT update: with the lease held, no index of rooms changes (migration 0011)", async () => {
    // A lease of 1.5 s: the time to live goes to SQL as a fraction of seconds (a float, not an integer).
    const group = new GroupCommit(db.pool, { owner: "hot", ttlMs: 1_500, prepare: true }, 1);
    let room: RoomRecord = { ...transitions.newRoom("hot-room", qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date()), status: "playing" };
    await store.insert(room);
    const before = await updateCounts();
    const moves = 2 * CHECKPOINT_EVERY;
    for (let n = 1; n <= moves; n++) {
      room = bumped(room, n);
      expect(await group.write(room, { moveNumber: n, seat: 0, move: { n }, summary: { type: "x" } })).toBe(true);
    }
    const after = await updateCountsAfter(before, moves);
    expect(after.upd - before.upd).toBeGreaterThanOrEqual(moves);
    // Taking the lease is HOT as well (migration 0012); checkpoints too (the state is not indexed).
    expect(after.hot - before.hot).toBeGreaterThanOrEqual(moves - 2);
  });

  it.runIf(process.env.DATABASE_URL)("extends the lease in a HOT update too: no index holds lease_until (migration 0012)", async () => {
    // A lease of 10 ms: at every write it has less than five sixths left, so every write extends it.
    const group = new GroupCommit(db.pool, { owner: "extender", ttlMs: 10, prepare: true }, 1);
    let room: RoomRecord = { ...transitions.newRoom("extended-room", qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date()), status: "playing" };
    await store.insert(room);
    const leaseUntil = async () => (await db.pool.query<{ until: Date }>("SELECT lease_until AS until FROM rooms WHERE id = 'extended-room'")).rows[0]!.until.getTime();
    const before = await updateCounts();
    const moves = 30;
    let extensions = 0;
    let previousUntil: number | null = null;
    for (let n = 1; n <= moves; n++) {
      room = bumped(room, n);
      expect(await group.write(room, { moveNumber: n, seat: 0, move: { n }, summary: { type: "x" } })).toBe(true);
      const until = await leaseUntil();
      if (previousUntil !== null && until > previousUntil) extensions++;
      previousUntil = until;
      await new Promise((r) => setTimeout(r, 2)); // the clock moves on between writes
    }
    expect(extensions).toBeGreaterThan(moves / 2); // (lease_until has millisecond precision: two writes may share one)
    const after = await updateCountsAfter(before, moves);
    expect(after.upd - before.upd).toBeGreaterThanOrEqual(moves);
    // With lease_until in an index, each of these updates wrote a new entry in every index of rooms.
    expect(after.hot - before.hot).toBeGreaterThanOrEqual(moves - 2);
  });

  it("extends a lease it holds once less than five sixths of its time is left, before the sweeper would renew it", async () => {
    const group = new GroupCommit(db.pool, { owner: "sixths", ttlMs: 15_000, prepare: db.kind === "postgres" }, 1);
    let room: RoomRecord = { ...transitions.newRoom("sixths-room", qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date()), status: "playing" };
    await store.insert(room);
    const setLeft = (seconds: number) =>
      db.pool.query(`UPDATE rooms SET lease_owner = 'sixths', lease_until = timezone('UTC', now()) + make_interval(secs => ${seconds}) WHERE id = 'sixths-room'`);
    const left = async () =>
      Number((await db.pool.query<{ left: number }>("SELECT extract(epoch FROM lease_until - timezone('UTC', now())) AS left FROM rooms WHERE id = 'sixths-room'")).rows[0]!.left);
    await setLeft(13.5); // more than five sixths of 15 s: kept as it is (a smaller row change)
    room = bumped(room, 1);
    expect(await group.write(room, { moveNumber: 1, seat: 0, move: {}, summary: { type: "x" } })).toBe(true);
    expect(await left()).toBeLessThan(13.6);
    // 11 s left: more than the sweeper's two thirds (it would leave this lease alone), less than five
    // sixths, so the move extends it and the sweeper never has to lock the row of a room in play.
    await setLeft(11);
    room = bumped(room, 2);
    expect(await group.write(room, { moveNumber: 2, seat: 0, move: {}, summary: { type: "x" } })).toBe(true);
    expect(await left()).toBeGreaterThan(14);
  });

  it("sends no seats, settings or series a move did not change, and the row keeps its own; a change of them is written", async () => {
    const group = new GroupCommit(db.pool, { owner: "test", ttlMs: 5000, prepare: db.kind === "postgres" }, 1);
    let room: RoomRecord = transitions.newRoom("kept-columns", qwirkle, { mode: "normal", board: "open" }, settings, "hash", new Date());
    await store.insert(room);
    const watched = watchBatches();
    const moved = bumped(room, 1); // same seats, settings and series objects as `room`
    expect(await group.write(moved, { moveNumber: 1, seat: 0, move: {}, summary: { type: "x" } }, room)).toBe(true);
    const sent = watched.batches().at(-1)!;
    expect(sent[0]).toMatchObject({ keep_seats: true, keep_settings: true, keep_series: true });
    // NULL columns are left out of the row (the database reads a missing key as NULL).
    for (const column of ["seats", "settings", "series", "timer", "deadline_at", "m_id", "m_stand_in"]) expect(sent[0]).not.toHaveProperty(column);
    watched.restore();
    room = moved;
    const renamed = transitions.claimSeat(room, 0, "Zoé", "hz", new Date());
    const changed = { ...renamed, settings: { ...renamed.settings, botSpeed: "fast" as const } };
    expect(await group.write(changed, null, room)).toBe(true);
    const stored = await db.pool.query<{ seats: { nickname: string | null }[]; settings: { botSpeed: string }; series: { number: number }; version: number }>(
      "SELECT seats, settings, series, version FROM rooms WHERE id = 'kept-columns'",
    );
    expect(stored.rows[0]?.version).toBe(2);
    expect(stored.rows[0]?.seats[0]?.nickname).toBe("Zoé");
    expect(stored.rows[0]?.settings.botSpeed).toBe("fast");
    expect(stored.rows[0]?.series.number).toBe(1); // kept from the row, never sent
    // A `previous` that is not the version before is not trusted: `room`'s seats (seat 0 open again)
    // are written, though they are the very object of that stale `previous`.
    const reopened = { ...room, version: 3 };
    expect(await group.write(reopened, null, room)).toBe(true);
    const seats = (await db.pool.query<{ seats: { nickname: string | null }[] }>("SELECT seats FROM rooms WHERE id = 'kept-columns'")).rows[0]?.seats;
    expect(seats?.[0]?.nickname).toBeNull();
  });
});
