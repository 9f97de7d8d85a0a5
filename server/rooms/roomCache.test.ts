import type { FastifyBaseLogger } from "fastify";
import { describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { DatabaseGuard } from "./databaseGuard";
import { DEFAULT_SETTINGS, type RoomRecord } from "./record";
import { FINISHED_ROOMS_HELD, RoomCache, WAITING_ROOMS_HELD } from "./roomCache";
import type { RoomStore } from "./store";
import { newRoom } from "./transitions";

const qwirkle = GAMES.find((game) => game.id === "qwirkle")!;
const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
const roomOf = (id: string, status: RoomRecord["status"], version = 1): RoomRecord => ({
  ...newRoom(id, qwirkle, { mode: "normal", board: "open" }, DEFAULT_SETTINGS, "creator", new Date(0)),
  status,
  version,
});

/** A cache over a store that holds every room given, counting its reads. */
function cacheOver(stored: Map<string, RoomRecord>) {
  const reads: string[] = [];
  const store = {
    deadline: () => null,
    load: async (id: string) => {
      reads.push(id);
      return stored.get(id) ?? null;
    },
  } as unknown as RoomStore;
  const cache = new RoomCache(store, new DatabaseGuard(quietLog), (id) => GAMES.find((game) => game.id === id), () => new Date(0), false);
  return { cache, reads };
}

describe("RoomCache: what a long-running server holds", () => {
  it("holds every room in play, and only the last FINISHED_ROOMS_HELD finished ones", () => {
    const { cache } = cacheOver(new Map());
    const playing = Array.from({ length: 50 }, (_, i) => cache.remember(roomOf(`playing-${i}`, "playing")));
    const finished = Array.from({ length: FINISHED_ROOMS_HELD + 20 }, (_, i) => cache.remember(roomOf(`finished-${i}`, "finished")));
    for (const room of playing) expect(cache.cached(room.id)).toBe(room);
    for (const room of finished.slice(0, 20)) expect(cache.cached(room.id)).toBeUndefined();
    for (const room of finished.slice(20)) expect(cache.cached(room.id)).toBe(room);
    expect(cache.held()).toHaveLength(50 + FINISHED_ROOMS_HELD);
  });

  it("holds only the last WAITING_ROOMS_HELD rooms never started; one that starts is held as long as it plays", async () => {
    const stored = new Map<string, RoomRecord>();
    const { cache, reads } = cacheOver(stored);
    const first = cache.remember(roomOf("first", "waiting"));
    const started = cache.remember(roomOf("started", "waiting"));
    cache.remember({ ...started, status: "playing", version: 2 });
    const lobbies = Array.from({ length: WAITING_ROOMS_HELD }, (_, i) => cache.remember(roomOf(`lobby-${i}`, "waiting")));
    expect(cache.cached("first")).toBeUndefined(); // the oldest lobby made way
    expect(cache.cached("started")?.version).toBe(2);
    for (const room of lobbies) expect(cache.cached(room.id)).toBe(room);
    expect(cache.held()).toHaveLength(WAITING_ROOMS_HELD + 1);
    // Someone comes back to the first lobby: read again.
    stored.set("first", first);
    expect((await cache.current("first")).id).toBe("first");
    expect(reads).toEqual(["first"]);
  });

  it("counts a finished room from its last change or read, and a room let go is read again when asked for", async () => {
    const stored = new Map<string, RoomRecord>();
    const { cache, reads } = cacheOver(stored);
    const first = roomOf("first", "playing");
    cache.remember(first);
    cache.remember({ ...first, status: "finished", version: 2 }); // its last move: now among the finished
    for (let i = 0; i < FINISHED_ROOMS_HELD - 1; i++) cache.remember(roomOf(`later-${i}`, "finished"));
    expect(cache.cached("first")?.version).toBe(2); // still the last FINISHED_ROOMS_HELD
    stored.set("late", roomOf("late", "finished"));
    expect((await cache.current("late")).id).toBe("late"); // read: the newest finished room held now
    expect(cache.cached("first")).toBeUndefined(); // the oldest one made way
    stored.set("first", { ...first, status: "finished", version: 2 });
    expect((await cache.current("first")).version).toBe(2);
    expect(reads).toEqual(["late", "first"]);
  });

  it("a lone server's countdown: restarted with the time left after a restart, kept as it ran after a fault dropped the room", async () => {
    const changedAt = new Date(0);
    const counting: RoomRecord = { ...roomOf("timed", "playing"), updatedAt: changedAt, timer: { key: "turn", durationMs: 20_000, deadline: 20_000, remainingMs: 20_000 } };
    let now = 15_000; // 5 s left
    const reads: string[] = [];
    const store = { deadline: () => null, load: async (id: string) => (reads.push(id), counting) } as unknown as RoomStore;
    const cache = new RoomCache(store, new DatabaseGuard(quietLog), (id) => GAMES.find((game) => game.id === id), () => new Date(now), false);
    // Read for the first time by this process (its start): the 20 s of the turn, from now.
    expect((await cache.current("timed")).timer?.deadline).toBe(35_000);
    // A write of it fails (the database away): the copy is dropped, then read again.
    cache.remember(counting);
    cache.doubted("timed");
    now = 16_000;
    expect((await cache.current("timed")).timer?.deadline).toBe(20_000); // 4 s left, not 20 again
    expect(reads).toEqual(["timed", "timed"]);
  });
});
