import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { MemoarrView } from "../../shared/games/memoarr";
import type { LogEntry, RoomPush } from "../../shared/protocol";
import { startStickyProxy, type StickyProxy } from "../../scripts/cluster/proxy";
import { spawnServer, type ChildServer } from "../support/child";
import { createRoom, expectOk, TestClient } from "../support/client";
import { createTestDatabase, type TestDatabase } from "../support/database";
import { clusterServicesReady, deleteStream, SHARED_REDIS_URL } from "../support/sharedRedis";
import { scriptedMemoarrMove } from "../support/memoarr";
import { decryptPush, newDevice, startPushService, verifyVapid } from "../support/pushService";
import { playScriptedUntilOver, qwirkleView, scriptedMove } from "../support/qwirkle";

/**
 * Scale-out: three server processes on different ports share one Postgres and one Redis (the stream
 * name is unique to this file). Leases are short so a dead process's rooms move within seconds.
 */
const REDIS_URL = SHARED_REDIS_URL;
const LEASE_TTL_MS = 1500;
/** Computers think this long: time enough to kill the process that scheduled their move. */
const BOT_THINKS_MS = 2000;

const ready = await clusterServicesReady("multi-process tests");

/** A pushed change (`room:snapshot`), as sent: `you` and most of `room` are left out when unchanged. */
const isSnapshot = (payload: unknown): payload is RoomPush =>
  typeof payload === "object" && payload !== null && "room" in payload && "roomRevision" in payload && "views" in payload;

/** Every log entry a client was pushed, in arrival order (pushes carry only entries not sent before). */
const pushedLog = (client: TestClient): LogEntry[] => client.received.filter(isSnapshot).flatMap((s) => [...(s.log ?? [])]);

describe.runIf(ready)("several server processes on one Postgres and one Redis", () => {
  let db: TestDatabase;
  let stream: string;
  const processes: ChildServer[] = [];
  const clients: TestClient[] = [];

  const connect = async (url: string, options: { reconnection?: boolean } = {}) => {
    const client = await TestClient.connect(url, options);
    clients.push(client);
    return client;
  };

  /** A client that watches `roomId` holding `token` (a seat's), on the process at `url`. */
  const seated = async (url: string, roomId: string, token: string) => {
    const client = await connect(url);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [token] }));
    return client;
  };

  const query = async <R extends pg.QueryResultRow>(sql: string, values: unknown[] = []): Promise<R[]> => {
    const client = new pg.Client({ connectionString: db.databaseUrl });
    await client.connect();
    try {
      return (await client.query<R>(sql, values)).rows;
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    if (db.kind !== "postgres") throw new Error("the cluster test needs DATABASE_URL (a real Postgres)");
    stream = `tablee-test-${randomBytes(4).toString("hex")}`;
    // PUSH_ALLOW_LOCAL_ENDPOINTS: the push test's push service is a local http server.
    const env = { ...db.env, REDIS_URL, REDIS_STREAM: stream, LEASE_TTL_MS: String(LEASE_TTL_MS), LEASE_SWEEP_MS: "300", BOT_DELAY_MS: String(BOT_THINKS_MS), PUSH_ALLOW_LOCAL_ENDPOINTS: "true" };
    processes.push(...(await Promise.all([0, 1, 2].map(() => spawnServer(env)))));
  });

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(processes.map((p) => p.kill("SIGTERM")));
    await deleteStream(stream);
    await db.drop();
  });

  it("plays a whole game with the four seats on three processes; every seat sees every move, in order", async () => {
    const urls = processes.map((p) => p.url);
    const { roomId, creatorToken } = await createRoom(urls[0]!, "qwirkle", { mode: "normal", board: "open" });
    const players: { client: TestClient; seat: number; token: string }[] = [];
    for (let seat = 0; seat < 4; seat++) {
      const url = urls[seat % 3]!;
      const claimer = await connect(url);
      expectOk(await claimer.emit("room:watch", { roomId, seatTokens: [] }));
      const { seatToken } = expectOk(await claimer.emit("seat:claim", { roomId, seat, nickname: `p${seat}` }));
      claimer.close();
      players.push({ client: await seated(url, roomId, seatToken), seat, token: seatToken });
    }
    // Everyone shows as connected everywhere, though each process holds only some of the sockets.
    for (const { client } of players) await client.waitFor((s) => s.room.seats.every((seat) => seat.connected));
    expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
    await Promise.all(players.map(({ client }) => client.waitFor((s) => s.room.status === "playing")));

    const final = await playScriptedUntilOver(roomId, players);
    expect(final.room.status).toBe("finished");
    const total = final.room.moveNumber;
    const everyMove = Array.from({ length: total }, (_, i) => i + 1);
    for (const { client } of players) {
      await client.waitFor((s) => s.room.status === "finished");
      expect(pushedLog(client).map((entry) => entry.moveNumber)).toEqual(everyMove);
    }
    const stored = await query<{ n: string }>("SELECT count(*) AS n FROM room_moves WHERE room_id = $1", [roomId]);
    expect(Number(stored[0]?.n)).toBe(total);
    const scores = await query("SELECT 1 FROM score_entries WHERE room_id = $1", [roomId]);
    expect(scores).toHaveLength(4);
  });

  it("applies exactly one of two conflicting moves sent to two processes at the same instant", async () => {
    const urls = processes.map((p) => p.url);
    const { roomId, creatorToken } = await createRoom(urls[0]!, "qwirkle", { mode: "normal", board: "open" });
    const host = await connect(urls[0]!);
    expectOk(await host.emit("room:watch", { roomId, seatTokens: [] }));
    const tokens: string[] = [];
    for (let seat = 0; seat < 2; seat++) tokens.push(expectOk(await host.emit("seat:claim", { roomId, seat, nickname: `p${seat}` })).seatToken);
    for (const seat of [2, 3]) expectOk(await host.emit("seat:configure", { roomId, creatorToken, seat, kind: "closed" }));
    expectOk(await host.emit("game:start", { roomId, creatorToken }));
    for (let round = 0; round < 6; round++) {
      const seat = round % 2;
      const token = tokens[seat]!;
      // The same seat, watched on two processes; each sends a different exchange at once.
      const [first, second] = await Promise.all([seated(urls[1]!, roomId, token), seated(urls[2]!, roomId, token)]);
      const hand = qwirkleView(first!.latest, seat).hand ?? [];
      const acks = await Promise.all([
        first!.emit("game:move", { roomId, seat, seatToken: token, move: { type: "exchange", tiles: [hand[0]!] } }),
        second!.emit("game:move", { roomId, seat, seatToken: token, move: { type: "exchange", tiles: [hand[1]!] } }),
      ]);
      expect(acks.filter((ack) => ack.ok)).toHaveLength(1);
      const refused = acks.find((ack) => !ack.ok);
      expect(refused && !refused.ok && ["NOT_YOUR_TURN", "RULE_VIOLATION", "CONFLICT"]).toContain(refused && !refused.ok ? refused.error.code : "");
      const stored = await query<{ n: string }>("SELECT count(*) AS n FROM room_moves WHERE room_id = $1", [roomId]);
      expect(Number(stored[0]?.n)).toBe(round + 1);
      first!.close();
      second!.close();
    }
  });

  it("signs pushes with one VAPID key on every process and sends each notice once, from the process that committed, to a seat connected nowhere", async () => {
    const [a, b, c] = processes.map((p) => p.url) as [string, string, string];
    const keys = await Promise.all([a, b, c].map(async (url) => ((await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string }).publicKey));
    expect(new Set(keys).size).toBe(1); // the first process to start stored it; the others read it back
    const pushService = await startPushService();
    try {
      // Normal mode: a quick game (36 tiles) can end after two placements, before the third played here.
      const { roomId, creatorToken } = await createRoom(a, "qwirkle", { mode: "normal" });
      const host = await connect(a);
      expectOk(await host.emit("room:watch", { roomId, seatTokens: [] }));
      const tokens = [0, 1].map(() => "");
      for (const seat of [0, 1]) tokens[seat] = expectOk(await host.emit("seat:claim", { roomId, seat, nickname: `p${seat}` })).seatToken;
      host.close();
      // Seat 0 on process a, seat 1 on process b; both subscribed, through process c.
      const players = [{ seat: 0, token: tokens[0]!, client: await seated(a, roomId, tokens[0]!) }, { seat: 1, token: tokens[1]!, client: await seated(b, roomId, tokens[1]!) }];
      const devices = players.map((p) => newDevice(`${pushService.url}/push/seat-${p.seat}`));
      for (const [seat, device] of devices.entries()) {
        const subscribed = await fetch(`${c}/api/push/subscribe`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ subscription: device.subscription, locale: "en", rooms: [{ roomId, seatTokens: [tokens[seat]] }] }) });
        expect(await subscribed.json()).toEqual({ subscribed: 1 });
      }
      await players[0]!.client.waitFor((s) => [0, 1].every((seat) => s.room.seats[seat]?.connected));
      expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));
      const play = async (player: (typeof players)[number], moveNumber: number) => {
        const snapshot = await player.client.waitFor((s) => s.room.status === "playing" && s.room.moveNumber === moveNumber && s.currentSeats.includes(player.seat));
        expectOk(await player.client.emit("game:move", { roomId, seat: player.seat, seatToken: player.token, move: scriptedMove(qwirkleView(snapshot, player.seat)) }));
      };
      // Turns pass while both are connected, each through another process than the mover's: no push.
      const first = await players[0]!.client.waitFor((s) => s.room.status === "playing");
      const order = first.currentSeats[0] === 0 ? players : [players[1]!, players[0]!];
      await play(order[0]!, 0);
      await play(order[1]!, 1);
      // The second mover closes their tab; the first mover's move makes it their turn: one push, from one process.
      const [stays, leaves] = order as [(typeof players)[number], (typeof players)[number]];
      leaves.client.close();
      await stays.client.waitFor((s) => s.room.seats[leaves.seat]?.connected === false);
      await play(stays, 2);
      await stays.client.waitFor((s) => s.currentSeats.includes(leaves.seat));
      const deadline = Date.now() + 5000;
      while (pushService.received.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 1000)); // time for a second (wrong) push to arrive
      expect(pushService.received.map((p) => p.path)).toEqual([`/push/seat-${leaves.seat}`]);
      const push = pushService.received[0]!;
      expect(verifyVapid(push, keys[0]!).aud).toBe(pushService.url);
      expect(decryptPush(devices[leaves.seat]!, push)).toMatchObject({ kind: "turn", title: "Your turn — Qwirkle", body: `Qwirkle with p${stays.seat}` });
    } finally {
      await pushService.close();
    }
  });

  it("survives the death of a process: its clients reconnect elsewhere, and its countdown fires once", async () => {
    const proxy: StickyProxy = await startStickyProxy(
      processes.map((p, i) => ({ name: `app${i + 1}`, url: p.url })),
      0,
      { healthIntervalMs: 500 },
    );
    try {
      const { roomId, creatorToken } = await createRoom(proxy.url, "memoarr", { peekSeconds: 4 });
      // Both players come through the proxy, which spreads new clients over the processes.
      const players: { client: TestClient; seat: number; token: string }[] = [];
      for (let seat = 0; seat < 2; seat++) {
        const client = await connect(proxy.url, { reconnection: true });
        expectOk(await client.emit("room:watch", { roomId, seatTokens: [] }));
        const { seatToken } = expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `p${seat}` }));
        expectOk(await client.emit("room:watch", { roomId, seatTokens: [seatToken] }));
        // Like the web client: after a reconnection, watch again.
        client.socket.io.on("reconnect", () => void client.emit("room:watch", { roomId, seatTokens: [seatToken] }));
        players.push({ client, seat, token: seatToken });
      }
      for (const seat of [2, 3]) expectOk(await players[0]!.client.emit("seat:configure", { roomId, creatorToken, seat, kind: "closed" }));
      expectOk(await players[0]!.client.emit("game:start", { roomId, creatorToken }));

      // The process that committed the start holds the room's lease and has armed the peek countdown: kill it.
      const [lease] = await query<{ lease_owner: string }>("SELECT lease_owner FROM rooms WHERE id = $1", [roomId]);
      const owner = processes.find((p) => lease?.lease_owner.includes(`-${p.process.pid}-`));
      expect(owner).toBeDefined();
      await owner!.kill("SIGKILL");

      // Another process takes the lease and ends the peek on time, once.
      const afterPeek = await players[1]!.client.waitFor((s) => s.log.some((e) => e.seat === -1), 20_000);
      expect(afterPeek.log.filter((e) => e.seat === -1)).toHaveLength(1);
      const timeouts = await query<{ key: string; n: string }>(
        "SELECT move->>'key' AS key, count(*) AS n FROM room_moves WHERE room_id = $1 AND seat = -1 GROUP BY 1",
        [roomId],
      );
      expect(timeouts).toEqual([{ key: "peek:1", n: "1" }]);
      const [room] = await query<{ lease_owner: string }>("SELECT lease_owner FROM rooms WHERE id = $1", [roomId]);
      expect(room?.lease_owner).not.toBe(lease?.lease_owner);

      // Both players are (back) on live processes, have heard the end of the peek, and play on.
      await Promise.all(players.map((p) => p.client.waitFor((s) => s.room.moveNumber >= afterPeek.room.moveNumber, 20_000)));
      for (let i = 0; i < 4; i++) {
        const latest = players[0]!.client.latest;
        const mover = players.find((p) => p.seat === latest.currentSeats[0])!;
        const current = await mover.client.waitFor((s) => s.room.moveNumber === latest.room.moveNumber && s.room.status === "playing", 20_000);
        const view = current.views.find((v) => v.seat === mover.seat)?.view as MemoarrView;
        // A round can end within a few reveals; the next one opens with a peek, ended by "ready".
        const move = view.phase === "peek" ? ({ type: "ready" } as const) : scriptedMemoarrMove(view, i);
        const ack = await mover.client.emit("game:move", { roomId, seat: mover.seat, seatToken: mover.token, move });
        expect(ack.ok ? "ok" : JSON.stringify(ack.error)).toBe("ok");
        await Promise.all(players.map((p) => p.client.waitFor((s) => s.room.moveNumber >= (ack.ok ? ack.moveNumber : 0), 20_000)));
      }
      const [counts] = await query<{ moves: string; last: number }>(
        "SELECT count(*) AS moves, max(move_number) AS last FROM room_moves WHERE room_id = $1",
        [roomId],
      );
      expect(Number(counts?.moves)).toBe(counts?.last); // no move lost, none twice
      expect(players.map((p) => p.client.latest.room.moveNumber)).toEqual([counts?.last, counts?.last]);
    } finally {
      await proxy.close();
    }
  });
  it("plays a computer's turn once, on another process, when the one that scheduled it dies", async () => {
    const alive = processes.filter((p) => p.process.exitCode === null && p.process.signalCode === null);
    expect(alive.length).toBeGreaterThanOrEqual(2);
    const [doomed, survivor] = alive as [ChildServer, ChildServer];
    const { roomId, creatorToken } = await createRoom(doomed.url, "qwirkle", { mode: "normal", board: "open" });
    const human = await connect(doomed.url);
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [] }));
    const { seatToken } = expectOk(await human.emit("seat:claim", { roomId, seat: 0, nickname: "Human" }));
    expectOk(await human.emit("seat:configure", { roomId, creatorToken, seat: 1, kind: "computer", bot: "easy" }));
    for (const seat of [2, 3]) expectOk(await human.emit("seat:configure", { roomId, creatorToken, seat, kind: "closed" }));
    expectOk(await human.emit("room:watch", { roomId, seatTokens: [seatToken] }));
    expectOk(await human.emit("game:start", { roomId, creatorToken }));
    // Whoever holds the longest line starts: wait for the human's turn.
    const started = await human.waitFor((s) => s.room.status === "playing" && s.currentSeats[0] === 0, 20_000);
    const hand = qwirkleView(started, 0).hand ?? [];
    // The human's move is committed by `doomed`, which takes the lease and schedules the computer's reply.
    const ack = expectOk(await human.emit("game:move", { roomId, seat: 0, seatToken, move: { type: "exchange", tiles: [hand[0]!] } }));
    const [lease] = await query<{ lease_owner: string }>("SELECT lease_owner FROM rooms WHERE id = $1", [roomId]);
    expect(lease?.lease_owner).toContain(`-${doomed.process.pid}-`);
    await doomed.kill("SIGKILL"); // before the computer has finished thinking

    const watcher = await seated(survivor.url, roomId, seatToken);
    const replied = await watcher.waitFor((s) => s.room.moveNumber === ack.moveNumber + 1, 20_000);
    expect(replied.log.at(-1)?.seat).toBe(1);
    expect(replied.currentSeats).toEqual([0]);
    await new Promise((r) => setTimeout(r, BOT_THINKS_MS)); // room for a second reply, which must not come
    const moves = await query<{ seat: number }>("SELECT seat FROM room_moves WHERE room_id = $1 ORDER BY move_number", [roomId]);
    expect(moves.slice(-2).map((m) => m.seat)).toEqual([0, 1]);
    expect(moves).toHaveLength(ack.moveNumber + 1);
  });
});
