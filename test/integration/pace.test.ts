import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateRoomResponse, RoomSnapshot } from "../../shared/protocol";
import { spawnServer, type ChildServer } from "../support/child";
import { expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { clusterServicesReady, deleteStream, SHARED_REDIS_URL } from "../support/sharedRedis";
import { scriptedMove, qwirkleView } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";
import { restartablePort } from "../support/ports";

/**
 * Slow rooms (issue 21): each turn may take `paceDays`; when it runs out, a computer of the room's
 * middle level plays that one turn for the late player, and three such turns in a row keep it there
 * until the player returns. Days pass on a fake clock (in process) or a clock running ahead (child
 * processes, TEST_CLOCK_OFFSET_MS).
 */
const DAY = 24 * 3600 * 1000;

async function createSlowRoom(url: string, paceDays: number): Promise<CreateRoomResponse> {
  const response = await fetch(`${url}/api/rooms`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // Normal mode: a quick game (36 tiles) can end after two placements; a test here plays eight moves.
    body: JSON.stringify({ gameId: "qwirkle", options: { mode: "normal" }, settings: { paceDays } }),
  });
  if (response.status !== 201) throw new Error(`room not created: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreateRoomResponse;
}

/** Alice (seat 0) and Bob (seat 1), each on their own socket, in a started slow Qwirkle room. */
async function slowPair(url: string, paceDays = 1) {
  const { roomId, creatorToken } = await createSlowRoom(url, paceDays);
  const seats: { client: TestClient; token: string }[] = [];
  for (const [seat, nickname] of ["Alice", "Bob"].entries()) {
    const client = await TestClient.connect(url, { reconnection: true });
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
    const token = expectOk(await client.emit("seat:claim", { roomId, seat, nickname })).seatToken;
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token] }));
    client.socket.io.on("reconnect", () => void client.emit("room:watch", { roomId, seatTokens: [token] }));
    seats.push({ client, token });
  }
  expectOk(await seats[0]!.client.emit("game:start", { roomId, creatorToken }));
  await seats[1]!.client.waitFor((s) => s.room.status === "playing");
  return { roomId, creatorToken, alice: seats[0]!, bob: seats[1]! };
}

/** Bob plays his turn by hand (a scripted move) and waits until it is Alice's turn again. */
async function bobPlays(roomId: string, bob: { client: TestClient; token: string }, moveNumber: number): Promise<RoomSnapshot> {
  const mine = await bob.client.waitFor((s) => s.room.moveNumber === moveNumber && s.currentSeats.includes(1));
  expectOk(await bob.client.emit("game:move", { roomId, seat: 1, seatToken: bob.token, move: scriptedMove(qwirkleView(mine, 1)) }));
  return bob.client.waitFor((s) => s.room.moveNumber === moveNumber + 1);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("a slow room on a fake clock", () => {
  let server: TestServer;
  let now = Date.parse("2026-11-20T10:00:00Z");
  const clients: TestClient[] = [];

  beforeAll(async () => {
    server = await startTestServer({ clock: () => new Date(now) });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("refuses days for a game whose clock is the game, and shows the turn's time left", async () => {
    const refused = await fetch(`${server.url}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ gameId: "mahjong", options: {}, settings: { paceDays: 2 } }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: { code: "BAD_OPTIONS" } });
    const badDays = await fetch(`${server.url}/api/rooms`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ gameId: "qwirkle", options: {}, settings: { paceDays: 5 } }),
    });
    expect(badDays.status).toBe(400);
  });

  it("hands exactly one late turn to a computer, three in a row for good, and gives the seat back on return", async () => {
    const { roomId, alice, bob } = await slowPair(server.url, 2);
    clients.push(alice.client, bob.client);
    const started = await alice.client.waitFor((s) => s.room.status === "playing" && s.deadline !== null);
    expect(started.room.settings.paceDays).toBe(2);
    expect(started.deadline).toEqual({ remainingMs: 2 * DAY, durationMs: 2 * DAY });
    expect(started.currentSeats).toEqual([0]);

    // Not yet due: nothing happens.
    now += 2 * DAY - 60_000;
    await server.app.pace.check();
    await settle();
    expect(bob.client.latest?.room.moveNumber).toBe(0);

    // Alice's first turn runs out: the middle computer plays that one turn, and only that one.
    now += 61_000;
    await server.app.pace.check();
    await server.app.pace.check(); // a second check (another process, say) finds nothing more to do
    const late = await bob.client.waitFor((s) => s.room.moveNumber === 1);
    expect(late.log.at(-1)).toMatchObject({ moveNumber: 1, seat: 0, standIn: "medium" });
    const afterLate = await bob.client.waitFor((s) => s.room.moveNumber === 1 && s.room.seats[0]?.standIn === null);
    expect(afterLate.room.seats[0]).toMatchObject({ standIn: null, missedTurns: 1 });
    expect(afterLate.currentSeats).toEqual([1]);
    expect(afterLate.deadline?.remainingMs).toBe(2 * DAY); // Bob's turn has its own two days
    await settle();
    expect(bob.client.latest?.room.moveNumber).toBe(1);

    // Two more turns run out: the third keeps the computer in Alice's seat.
    await bobPlays(roomId, bob, 1);
    now += 2 * DAY + 1000;
    await server.app.pace.check();
    const second = await bob.client.waitFor((s) => s.room.moveNumber === 3);
    expect(second.room.seats[0]).toMatchObject({ standIn: null, missedTurns: 2 });
    await bobPlays(roomId, bob, 3);
    now += 2 * DAY + 1000;
    await server.app.pace.check();
    const third = await bob.client.waitFor((s) => s.room.moveNumber === 5);
    expect(third.room.seats[0]).toMatchObject({ standIn: "medium", missedTurns: 3 });
    // From now on the computer plays Alice's turns as they come, with no deadline to wait for.
    const waitingOnBob = await bobPlays(roomId, bob, 5);
    expect(waitingOnBob.room.moveNumber).toBe(6);
    const covered = await bob.client.waitFor((s) => s.room.moveNumber === 7);
    expect(covered.log.at(-1)).toMatchObject({ seat: 0, standIn: "medium" });

    // Alice comes back: her seat is hers again, her run of missed turns is over.
    const back = expectOk(await alice.client.emit("room:watch", { roomId, seatTokens: [alice.token] }));
    expect(back.snapshot.room.seats[0]).toMatchObject({ standIn: null, missedTurns: 0 });
    await bobPlays(roomId, bob, 7);
    const hers = await alice.client.waitFor((s) => s.room.moveNumber === 8 && s.currentSeats.includes(0));
    expect(hers.deadline?.remainingMs).toBe(2 * DAY);
    // The log keeps who played: stored moves say which were the computer's.
    const log = (await (await fetch(`${server.url}/api/rooms/${roomId}/log`)).json()) as { entries: { seat: number; standIn?: string }[] };
    expect(log.entries.map((e) => (e.seat === 0 ? (e.standIn ?? "Alice") : "Bob"))).toEqual(["medium", "Bob", "medium", "Bob", "medium", "Bob", "medium", "Bob"]);
  });

  it("resets the run of missed turns when the player plays a turn themselves", async () => {
    const { roomId, alice, bob } = await slowPair(server.url, 1);
    clients.push(alice.client, bob.client);
    // Away is normal here: nobody hands Alice's seat to a computer before her time is up.
    alice.client.socket.disconnect();
    await bob.client.waitFor((s) => s.room.seats[0]?.connected === false);
    now += 3600_000;
    expect(await bob.client.emit("seat:takeover", { roomId, seatToken: bob.token, seat: 0 })).toMatchObject({
      ok: false,
      error: { code: "TOO_EARLY", message: expect.stringContaining("slow room") },
    });
    alice.client.socket.connect();
    await new Promise((resolve) => alice.client.socket.once("connect", () => resolve(undefined)));
    expectOk(await alice.client.emit("room:watch", { roomId, seatTokens: [alice.token] }));
    now += DAY + 1000;
    await server.app.pace.check();
    await bobPlays(roomId, bob, 1);
    const mine = await alice.client.waitFor((s) => s.room.moveNumber === 2 && s.room.seats[0]?.missedTurns === 1);
    expectOk(await alice.client.emit("game:move", { roomId, seat: 0, seatToken: alice.token, move: scriptedMove(qwirkleView(mine, 0)) }));
    const played = await bob.client.waitFor((s) => s.room.moveNumber === 3);
    expect(played.room.seats[0]?.missedTurns).toBe(0);
    expect(played.log.at(-1)?.standIn).toBeUndefined();
  });
});

describe("a slow room's deadline across a restart", () => {
  const databases: TestDatabase[] = [];
  const processes: ChildServer[] = [];
  const clients: TestClient[] = [];
  const newDatabase = async () => {
    databases.push(await createTestDatabase());
    return databases.at(-1)!;
  };

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(processes.map((p) => p.kill("SIGKILL")));
    await Promise.all(databases.map((db) => db.drop()));
  });

  it("plays the late turn once after a SIGKILL restart, when the deadline passed while the server was down", async () => {
    const db = await newDatabase();
    const port = await restartablePort();
    const first = await spawnServer({ ...db.env, PACE_CHECK_MS: "200" }, port);
    processes.push(first);
    const { roomId, alice, bob } = await slowPair(first.url, 1);
    clients.push(alice.client, bob.client);
    alice.client.close(); // Alice closes her tab on her turn
    expect(await first.kill("SIGKILL")).toBeNull();
    // Two days later (this process's clock runs ahead): the late turn is played, once.
    const later = await spawnServer({ ...db.env, PACE_CHECK_MS: "200", TEST_CLOCK_OFFSET_MS: String(2 * DAY) }, port);
    processes.push(later);
    const played = await bob.client.waitFor((s) => s.room.moveNumber === 1 && s.room.seats[0]?.standIn === null, 30_000);
    expect(played.log.at(-1)).toMatchObject({ seat: 0, standIn: "medium" });
    expect(played.room.seats[0]).toMatchObject({ missedTurns: 1, standIn: null });
    await new Promise((resolve) => setTimeout(resolve, 1000)); // several checks later: still one
    const log = (await (await fetch(`${later.url}/api/rooms/${roomId}/log`)).json()) as { entries: { seat: number; standIn?: string }[] };
    expect(log.entries).toEqual([expect.objectContaining({ seat: 0, standIn: "medium" })]);
  });

  it("keeps what was left of the turn while paused, days and a restart later, and goes on from there", async () => {
    const db = await newDatabase();
    const port = await restartablePort();
    const spawnAt = async (offsetMs: number) => {
      const child = await spawnServer({ ...db.env, PACE_CHECK_MS: "200", TEST_CLOCK_OFFSET_MS: String(offsetMs) }, port);
      processes.push(child);
      return child;
    };
    const first = await spawnAt(0);
    const { roomId, creatorToken, alice, bob } = await slowPair(first.url, 1);
    clients.push(alice.client, bob.client);
    expect(await first.kill("SIGKILL")).toBeNull();
    // 20 hours later Alice has about 4 hours left; the host pauses the game for a holiday.
    await spawnAt(20 * 3600_000);
    const running = await bob.client.waitFor((s) => s.room.status === "playing" && s.deadline !== null && s.deadline.remainingMs < 5 * 3600_000, 30_000);
    expect(running.deadline!.remainingMs).toBeGreaterThan(3 * 3600_000);
    expectOk(await bob.client.emit("game:pause", { roomId, creatorToken }));
    const paused = await bob.client.waitFor((s) => s.room.status === "paused");
    expect(paused.deadline).toBeNull(); // nothing counts down while paused
    expect(await processes.at(-1)!.kill("SIGKILL")).toBeNull();
    // Five days later, after another restart: still paused, no late turn played, and resuming gives back the 4 hours.
    await spawnAt(5 * DAY);
    const back = await bob.client.waitFor((s) => s.room.status === "paused", 30_000);
    await new Promise((resolve) => setTimeout(resolve, 600)); // several pace checks
    expect(back.room.moveNumber).toBe(0);
    expectOk(await bob.client.emit("game:resume", { roomId, token: creatorToken }));
    const resumed = await bob.client.waitFor((s) => s.room.status === "playing");
    expect(resumed.room.moveNumber).toBe(0);
    expect(resumed.deadline!.remainingMs).toBeGreaterThan(3 * 3600_000);
    expect(resumed.deadline!.remainingMs).toBeLessThan(5 * 3600_000); // not a fresh day
  });
});

const clusterReady = await clusterServicesReady("the multi-process slow-room test");

describe.runIf(clusterReady)("a slow room in a cluster", () => {
  let db: TestDatabase;
  let stream: string;
  const processes: ChildServer[] = [];
  const clients: TestClient[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    stream = `tablee-pace-${randomBytes(4).toString("hex")}`;
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(processes.map((p) => p.kill("SIGTERM")));
    await deleteStream(stream);
    await db?.drop();
  });

  it("two processes finding the same late turn play it once", async () => {
    const env = { ...db.env, REDIS_URL: SHARED_REDIS_URL, REDIS_STREAM: stream, LEASE_TTL_MS: "1500", LEASE_SWEEP_MS: "300", PACE_CHECK_MS: "150" };
    const today = await spawnServer(env);
    processes.push(today);
    const { roomId, alice, bob } = await slowPair(today.url, 3);
    clients.push(alice.client, bob.client);
    // Two more processes join whose clocks are four days ahead: both find Alice's turn overdue.
    processes.push(...(await Promise.all([0, 1].map(() => spawnServer({ ...env, TEST_CLOCK_OFFSET_MS: String(4 * DAY) })))));
    const played = await bob.client.waitFor((s) => s.room.moveNumber === 1 && s.room.seats[0]?.standIn === null, 30_000);
    expect(played.log.at(-1)).toMatchObject({ seat: 0, standIn: "medium" });
    expect(played.room.seats[0]?.missedTurns).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    const rows = (await client.query<{ seat: number; stand_in: string | null }>("SELECT seat, stand_in FROM room_moves WHERE room_id = $1", [roomId])).rows;
    await client.end();
    expect(rows).toEqual([{ seat: 0, stand_in: "medium" }]);
  });
});
