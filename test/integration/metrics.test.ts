import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAMES } from "../../shared/games/registry";
import { ERROR_CODES, ROOM_STATUSES } from "../../shared/protocol";
import { OTHER, TABLEE_METRICS } from "../../server/metrics";
import { createRoom, expectOk, TestClient } from "../support/client";
import { countdownGame } from "../support/countdownGame";
import { startHumanVsComputers } from "../support/humanVsComputers";
import { histogramQuantile, metricValue, parseMetrics, samplesOf, scrapeMetrics, type ParsedFamily } from "../support/metrics";
import { qwirkleView, scriptedMove } from "../support/qwirkle";
import { startTestServer, type TestServer } from "../support/server";
import { createTestDatabase } from "../support/database";
import { spawnServer, type ChildServer } from "../support/child";
import { startOwnRedis } from "../support/redisServer";

const TOKEN = "metrics-test-token-0123456789";
const GAMES_HERE = [...GAMES, countdownGame];

/**
 * /metrics after a scripted session: it parses with a Prometheus text parser, its counters say what
 * happened, it is closed without the token, and no label value ever names a room or a player.
 */
describe("metrics", () => {
  let server: TestServer;
  const clients: TestClient[] = [];
  const roomIds: string[] = [];
  const nicknames: string[] = [];
  const connect = async () => {
    const client = await TestClient.connect(server.url);
    clients.push(client);
    return client;
  };
  const scrape = () => scrapeMetrics(server.url, TOKEN);
  const movesInDatabase = async (roomId: string, seat?: number) => server.db.prisma.roomMove.count({ where: { roomId, seat: seat ?? { gte: 0 } } });

  beforeAll(async () => {
    server = await startTestServer({ games: GAMES_HERE, metrics: { kind: "token", token: TOKEN } });
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await server?.close();
  });

  it("answers 401 without the token, or with a wrong one", async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: "Bearer wrong-token-0123456789" } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: TOKEN } })).status).toBe(401);
    expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(200);
  });

  it("counts what a scripted session did: moves by game, a refused move by code, a computer decision, countdowns", async () => {
    // Qwirkle: two humans, six moves, and one move out of turn.
    const { roomId, creatorToken } = await createRoom(server.url, "qwirkle", { mode: "normal" });
    roomIds.push(roomId);
    const table = await connect();
    expectOk(await table.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const tokens: string[] = [];
    for (const seat of [0, 1]) {
      const nickname = `Zorglub${seat}-secretname`;
      nicknames.push(nickname);
      tokens.push(expectOk(await table.emit("seat:claim", { roomId, seat, nickname })).seatToken);
    }
    expectOk(await table.emit("room:watch", { roomId, seatTokens: tokens, creatorToken }));
    expectOk(await table.emit("game:start", { roomId, creatorToken }));
    for (let n = 0; n < 6; n++) {
      const latest = await table.waitFor((s) => s.room.status === "playing" && s.room.moveNumber === n);
      const seat = latest.currentSeats[0] ?? 0;
      if (n === 3) {
        const other = 1 - seat;
        const refused = await table.emit("game:move", { roomId, seat: other, seatToken: tokens[other] ?? "", move: { type: "pass" } });
        expect(refused).toMatchObject({ ok: false, error: { code: "NOT_YOUR_TURN" } });
      }
      expectOk(await table.emit("game:move", { roomId, seat, seatToken: tokens[seat] ?? "", move: scriptedMove(qwirkleView(latest, seat)) }));
    }

    // Halma: a human and a computer; the human moves once and the computer answers once.
    const halma = GAMES.find((game) => game.id === "halma");
    const level = halma?.bots[0]?.id ?? "";
    const human = await startHumanVsComputers(server.url, "halma", {}, [level]);
    clients.push(human.human);
    roomIds.push(human.roomId);
    nicknames.push("Human");
    expect(human.started.currentSeats).toEqual([0]);
    const state = (await server.db.prisma.room.findUniqueOrThrow({ where: { id: human.roomId } })).state;
    const move = halma?.legalMoves(state, 0)[0];
    expectOk(await human.human.emit("game:move", { roomId: human.roomId, seat: 0, seatToken: human.token, move }));
    await human.human.waitFor((s) => s.room.moveNumber === 2);

    // A countdown game nobody plays: six turns run out and it ends.
    const countdown = await createRoom(server.url, "countdown", { turnMs: 30 });
    roomIds.push(countdown.roomId);
    const watcher = await connect();
    expectOk(await watcher.emit("room:watch", { roomId: countdown.roomId, seatTokens: [], creatorToken: countdown.creatorToken }));
    for (const seat of [0, 1]) expectOk(await watcher.emit("seat:claim", { roomId: countdown.roomId, seat, nickname: `Clock${seat}` }));
    nicknames.push("Clock0", "Clock1");
    expectOk(await watcher.emit("game:start", { roomId: countdown.roomId, creatorToken: countdown.creatorToken }));
    await watcher.waitFor((s) => s.room.status === "finished");

    const metrics = await scrape();
    expect(metricValue(metrics, "tablee_moves_accepted_total", { game: "qwirkle" })).toBe(6);
    expect(metricValue(metrics, "tablee_moves_accepted_total", { game: "qwirkle" })).toBe(await movesInDatabase(roomId));
    expect(metricValue(metrics, "tablee_moves_accepted_total", { game: "halma" })).toBe(1);
    expect(metricValue(metrics, "tablee_moves_accepted_total")).toBe(7);
    expect(samplesOf(metrics, "tablee_moves_refused_total")).toEqual([{ labels: { game: "qwirkle", code: "NOT_YOUR_TURN" }, value: "1" }]);
    expect(metricValue(metrics, "tablee_move_duration_seconds", { game: "qwirkle" })).toBe(6);
    expect(histogramQuantile(metrics, "tablee_move_duration_seconds", 0.99)).toBeGreaterThan(0);
    expect(await movesInDatabase(human.roomId, 1)).toBe(1);
    expect(samplesOf(metrics, "tablee_bot_decisions_total")).toEqual([{ labels: { game: "halma", level, outcome: "ok" }, value: "1" }]);
    expect(metricValue(metrics, "tablee_bot_decision_duration_seconds", { game: "halma", level })).toBe(1);
    expect(metricValue(metrics, "tablee_bot_queue_length")).toBe(0);
    expect(samplesOf(metrics, "tablee_countdowns_fired_total")).toEqual([{ labels: { game: "countdown" }, value: "6" }]);
    expect(await movesInDatabase(countdown.roomId, -1)).toBe(6);
    // Every committed change was timed; group commit carried every write that was not a game's last.
    expect(metricValue(metrics, "tablee_commit_duration_seconds")).toBeGreaterThanOrEqual(6 + 2 + 6);
    expect(metricValue(metrics, "tablee_commit_batch_size")).toBeGreaterThan(0);
    expect(metricValue(metrics, "tablee_sockets_connected")).toBe(3);
    expect(metricValue(metrics, "tablee_rooms_open", { game: "qwirkle", status: "playing" })).toBe(1);
    expect(metricValue(metrics, "tablee_rooms_open", { game: "halma", status: "playing" })).toBe(1);
    expect(samplesOf(metrics, "tablee_rooms_open", { game: "countdown" })).toEqual([]); // finished
    expect(metricValue(metrics, "tablee_database_up")).toBe(1);
    expect(samplesOf(metrics, "tablee_redis_up")).toEqual([]); // one process, no Redis
    expect(metricValue(metrics, "tablee_rate_limited_total")).toBe(0);
    // The default process metrics are there, event-loop lag included.
    for (const name of ["process_cpu_seconds_total", "process_resident_memory_bytes", "nodejs_eventloop_lag_seconds", "nodejs_eventloop_lag_p99_seconds"]) {
      expect(samplesOf(metrics, name).length, name).toBeGreaterThan(0);
    }
    for (const name of TABLEE_METRICS.filter((n) => n !== "tablee_redis_up")) expect(metrics.some((family) => family.name === name), name).toBe(true);
    // Prometheus's own parser and linter, where the Debian package is installed (.ci/run installs it).
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    // It parses the whole text; its naming lint flags prom-client's own nodejs_active_*_total gauges, not ours.
    const promtool = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
    if (promtool.error) console.warn("promtool not found: the exposition was checked by parse-prometheus-text-format only");
    else {
      const problems = `${promtool.stdout}${promtool.stderr}`.split("\n").filter((line) => line.trim() !== "" && !/^nodejs_active_\w+_total non-counter/u.test(line));
      expect(problems, "promtool check metrics").toEqual([]);
    }
  });

  it("never puts a room id or a nickname in a label value, over a fuzz run", { timeout: 120_000 }, async () => {
    // Hostile and near-valid moves, claims and creations that name real rooms, made-up games and nicknames.
    const roomId = roomIds[0] ?? "";
    const fuzzer = await connect();
    const word = fc.oneof(fc.constantFrom(...roomIds, ...nicknames, "qwirkle", "__proto__", 'a"b', "x\ny"), fc.string({ maxLength: 30 }));
    const action = fc.oneof(
      fc.record({ event: fc.constant("game:move"), payload: fc.record({ roomId: fc.constantFrom(...roomIds), seat: fc.integer({ min: -1, max: 5 }), seatToken: word, move: fc.anything({ maxDepth: 2 }) }) }),
      fc.record({ event: fc.constant("seat:claim"), payload: fc.record({ roomId: fc.constantFrom(...roomIds), seat: fc.integer({ min: 0, max: 4 }), nickname: word }) }),
      fc.record({ event: fc.constantFrom("room:watch", "game:move", "chat:send", "seat:configure"), payload: fc.anything({ maxDepth: 2 }) }),
      fc.record({ event: word, payload: word }),
    );
    const samples = fc.sample(action, { numRuns: 3000, seed: 22 });
    for (let i = 0; i < samples.length; i += 200) {
      await Promise.all(samples.slice(i, i + 200).map(({ event, payload }) => fuzzer.emitRaw(event, payload)));
    }
    for (const gameId of ["qwirkle", roomId, nicknames[0] ?? "", "<script>"]) {
      await fetch(`${server.url}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId, options: { nickname: nicknames[0] } }) });
    }

    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const metrics: ParsedFamily[] = parseMetrics(text);
    for (const secret of [...roomIds, ...nicknames]) expect(text).not.toContain(secret);
    const allowed: Record<string, ReadonlySet<string>> = {
      game: new Set([...GAMES_HERE.map((g) => g.id), OTHER]),
      code: new Set([...ERROR_CODES, OTHER]),
      level: new Set([...GAMES_HERE.flatMap((g) => g.bots.map((b) => b.id)), OTHER]),
      status: new Set([...ROOM_STATUSES, OTHER]),
      outcome: new Set(["ok", "failed"]),
      scope: new Set(["http", "socket"]),
      verdict: new Set(["refused", "abusive"]),
    };
    const tableeFamilies = metrics.filter((family) => family.name.startsWith("tablee_"));
    expect(metricValue(metrics, "tablee_moves_refused_total")).toBeGreaterThan(1); // the fuzzer did reach the room service
    for (const family of tableeFamilies) {
      for (const sample of family.metrics) {
        for (const [name, value] of Object.entries(sample.labels ?? {})) {
          expect(allowed[name], `label ${name} of ${family.name}`).toBeDefined();
          expect(allowed[name]?.has(value), `${family.name}{${name}="${value}"}`).toBe(true);
        }
      }
    }
  });
});

describe("metrics of rate limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      metrics: { kind: "open" },
      httpLimits: { requestsPerMinute: 3, roomsPerMinute: 3 },
      eventLimits: { perSecond: 1, burst: 1, abuseRefusals: 4, abuseWindowMs: 10_000 },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("counts HTTP requests and socket events refused, and sockets cut off for flooding; /metrics itself is not limited", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.url}/api/games`)).status);
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    const flooder = await TestClient.connect(server.url);
    const cut = new Promise<void>((resolve) => flooder.socket.once("disconnect", () => resolve()));
    for (let i = 0; i < 6; i++) void flooder.emitRaw("room:watch", { roomId: "x", seatTokens: [] });
    await cut;
    for (let i = 0; i < 3; i++) expect((await fetch(`${server.url}/metrics`)).status).toBe(200); // open: no token needed
    const metrics = await scrapeMetrics(server.url);
    expect(metricValue(metrics, "tablee_rate_limited_total", { scope: "http", verdict: "refused" })).toBe(2);
    expect(metricValue(metrics, "tablee_rate_limited_total", { scope: "socket", verdict: "refused" })).toBe(3);
    expect(metricValue(metrics, "tablee_rate_limited_total", { scope: "socket", verdict: "abusive" })).toBe(1);
  });
});

describe("metrics of a database outage", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it.skipIf(!process.env.DATABASE_URL)("tablee_database_up is 0 while the database is cut off, moves refused meanwhile count as UNAVAILABLE, and it is 1 again after", async () => {
    const server = await startTestServer({ databaseProxy: true, logLevel: "fatal", metrics: { kind: "open" } });
    cleanups.push(() => server.close());
    const { url } = server;
    const proxy = server.proxy!;
    const { roomId, creatorToken } = await createRoom(url, "qwirkle", { mode: "quick" });
    const client = await TestClient.connect(url);
    cleanups.push(() => client.close());
    expectOk(await client.emit("room:watch", { roomId, seatTokens: [], creatorToken }));
    const tokens = [];
    for (const seat of [0, 1]) tokens.push(expectOk(await client.emit("seat:claim", { roomId, seat, nickname: `P${seat}` })).seatToken);
    expectOk(await client.emit("room:watch", { roomId, seatTokens: tokens, creatorToken }));
    expectOk(await client.emit("game:start", { roomId, creatorToken }));
    const started = await client.waitFor((s) => s.room.status === "playing");
    expect(metricValue(await scrapeMetrics(url), "tablee_database_up")).toBe(1);

    proxy.cut();
    const seat = started.currentSeats[0] ?? 0;
    const move = scriptedMove(qwirkleView(started, seat));
    // A write on a connection the cut killed may have been sent: the server cannot tell, so it may
    // answer IN_DOUBT rather than UNAVAILABLE (issue 32); either way the move is refused and counted.
    const codes: string[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await client.emit("game:move", { roomId, seat, seatToken: tokens[seat] ?? "", move });
      expect(answer).toMatchObject({ ok: false });
      codes.push((answer as { error: { code: string } }).error.code);
    }
    expect(codes.every((code) => code === "UNAVAILABLE" || code === "IN_DOUBT"), codes.join(", ")).toBe(true);
    const during = await scrapeMetrics(url);
    expect(metricValue(during, "tablee_database_up")).toBe(0);
    expect(samplesOf(during, "tablee_rooms_open")).toEqual([]);
    const refused = (code: string) => metricValue(during, "tablee_moves_refused_total", { game: "qwirkle", code }) ?? 0;
    expect(refused("UNAVAILABLE") + refused("IN_DOUBT")).toBe(2);

    proxy.restore();
    expectOk(await client.emit("game:move", { roomId, seat, seatToken: tokens[seat] ?? "", move }));
    const after = await scrapeMetrics(url);
    expect(metricValue(after, "tablee_database_up")).toBe(1);
    expect(metricValue(after, "tablee_moves_accepted_total", { game: "qwirkle" })).toBe(1);
  });
});

describe.runIf(process.env.DATABASE_URL)("metrics of several processes", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Polls a process's /metrics until `metric` reads `value`. */
  const waitForValue = async (server: ChildServer, metric: string, value: number) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const read = metricValue(await scrapeMetrics(server.url, TOKEN), metric);
      if (read === value) return;
      if (Date.now() > deadline) throw new Error(`${metric} stayed at ${read}, not ${value}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  it("each process serves its own /metrics (METRICS_TOKEN from the environment); tablee_redis_up follows a Redis outage", { timeout: 120_000 }, async () => {
    const db = await createTestDatabase();
    cleanups.push(() => db.drop());
    const redis = await startOwnRedis();
    cleanups.push(() => redis.stop());
    const env = { ...db.env, REDIS_URL: redis.url, REDIS_STREAM: `tablee-metrics-${process.pid}-${Date.now()}`, METRICS_TOKEN: TOKEN };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    if (!a || !b) throw new Error("no server");
    cleanups.push(() => a.kill("SIGTERM"), () => b.kill("SIGTERM"));
    expect((await fetch(`${a.url}/metrics`)).status).toBe(401);

    const onA = await TestClient.connect(a.url);
    const onB = await Promise.all([TestClient.connect(b.url), TestClient.connect(b.url)]);
    cleanups.push(() => [onA, ...onB].forEach((client) => client.close()));
    const [metricsA, metricsB] = await Promise.all([scrapeMetrics(a.url, TOKEN), scrapeMetrics(b.url, TOKEN)]);
    expect(metricValue(metricsA, "tablee_sockets_connected")).toBe(1);
    expect(metricValue(metricsB, "tablee_sockets_connected")).toBe(2);
    expect(metricValue(metricsA, "tablee_redis_up")).toBe(1);
    expect(metricValue(metricsB, "tablee_redis_up")).toBe(1);

    await redis.stop();
    await Promise.all([waitForValue(a, "tablee_redis_up", 0), waitForValue(b, "tablee_redis_up", 0)]);
    expect(metricValue(await scrapeMetrics(a.url, TOKEN), "tablee_database_up")).toBe(1); // the database is fine
    await redis.start();
    await Promise.all([waitForValue(a, "tablee_redis_up", 1), waitForValue(b, "tablee_redis_up", 1)]);
  });
});
