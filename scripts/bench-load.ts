/**
 * `npm run bench:load [-- --rooms 500 --seconds 30 --interval 2000]`: starts the server (a child
 * process, on the real Postgres at DATABASE_URL, default the local one), connects 4 simulated players
 * per room over socket.io from this process, and measures:
 *  - steady phase: every room moves every `interval` ms; round trip from a move's emit until all 4
 *    seats of the room have the new snapshot (p50, p99, max);
 *  - peak phase: every room moves as soon as its previous move is everywhere; committed moves/s;
 *  - server memory (RSS) per connected player and per room, server CPU time per move, and the CPU of
 *    the benchmark database's own PostgreSQL backends (scripts/bench/cpu.ts);
 *  - in the steady phase, what PostgreSQL wrote to its WAL per move and how often it flushed it to
 *    disk (`pg_stat_wal`; the mean time of a flush too when `track_wal_io_timing` is on): a commit
 *    waits for its flush, and the bytes a move logs do not depend on how busy the machine is;
 *  - inside Tablée during the steady phase, from its processes' own /metrics (METRICS=on), the numbers
 *    production watches: move and commit latency, group-commit batch size, event-loop lag
 *    (scripts/bench/serverMetrics.ts). CPU and memory stay read from /proc, as for the floor server,
 *    which has no /metrics.
 * Moves are Qwirkle exchanges of one tile (normal mode): cheap to choose for the load generator,
 * a full engine apply + commit + broadcast for the server, and a game that never ends.
 *
 * `--floor` runs the same driver, in the same invocation, against a bare socket.io + pg server
 * (scripts/bench/floorServer.ts: a move is one batched INSERT and one small broadcast) on a database
 * of its own, with the same Node flags as Tablée's server (server/nodeFlags.ts), and reports every
 * figure as Tablée, floor and their ratio. `--sweep 500,1000,2000` adds open-loop phases at those
 * offered rates (`--sweep-seconds` each, after the steady phase and before the peak): delivered
 * moves/s and the p99 from when each move was due, for the highest rate each server holds under p99 50 ms.
 * `--bot-rooms N` keeps N WHIS demo rooms (computers only, one `hard` that thinks up to ~0.6 s a
 * move, no thinking pause) playing on the server during the steady phase, a new one as each ends;
 * `--bot-threads T` sets the server's BOT_THREADS (0: computers decide on the event loop).
 * `--driver-threads N` deals the simulated players over N worker threads of the bench process
 * (scripts/bench/threads.ts; default 1): on a machine with cores to spare, so that one thread's
 * collections do not stall every player at once. On two cores it makes the comparison harsher for
 * the heavier server, which then competes with more runnable threads for the cores (docs/perf.md).
 * Results go to docs/perf.md, with the machine's load average and, per phase, the share of its CPU
 * the hypervisor gave other tenants ("steal", which no load average shows: on a shared virtual
 * machine, what moves a run's figures most from one hour to the next).
 *
 * Looking inside: the run prints when each phase starts (with the server pids, to aim a probe at a
 * phase), `--cpu-prof DIR`, `--heap-prof DIR`, and the environment variable SERVER_NODE_ARGS
 * for any other V8/Node flags of the servers (Tablée and the floor alike), e.g. "--trace-gc-nvp"
 * (what each collection allocated, promoted and paused; CHILD_OUTPUT=1 shows it) or
 * "--import ./scripts/bench/allocationProfile.mjs" (what a move allocates, and what of it is promoted).
 */
import { readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../server/nodeFlags";
import { spawnServer, type ChildServer } from "../test/support/child";
import { createTestDatabase, type TestDatabase } from "../test/support/database";
import { cpuSecondsOf, DatabaseCpu, hostCpu, procStats, stolenPercent } from "./bench/cpu";
import { percentile } from "./bench/driver";
import { scrapeServers, serverSideFigures, type ServerSideFigures } from "./bench/serverMetrics";
import { LoadGenerator } from "./bench/threads";
import { writePerfSection } from "./perf-doc";

const { values } = parseArgs({
  options: {
    rooms: { type: "string", default: "500" },
    seconds: { type: "string", default: "30" },
    peakSeconds: { type: "string", default: "15" },
    interval: { type: "string", default: "2000" },
    "dry-run": { type: "boolean", default: false }, // print only, do not touch docs/perf.md
    processes: { type: "string", default: "1" }, // server processes (more than 1: on Redis, seats spread over them)
    "cpu-prof": { type: "string" }, // directory: the server writes a V8 CPU profile there on exit
    "heap-prof": { type: "string" }, // directory: the server writes a sampling heap profile (live objects) there on exit
    "bot-rooms": { type: "string", default: "0" }, // WHIS demo rooms kept playing during the steady phase
    "bot-threads": { type: "string" }, // the server's BOT_THREADS (default: its own default)
    floor: { type: "boolean", default: false }, // also measure the bare socket.io + pg server
    sweep: { type: "string" }, // offered rates (moves/s), comma-separated
    "sweep-seconds": { type: "string", default: "10" },
    "driver-threads": { type: "string", default: "1" }, // worker threads the simulated players are dealt over (threads.ts)
  },
});
const ROOMS = Number(values.rooms);
const SECONDS = Number(values.seconds);
const PEAK_SECONDS = Number(values.peakSeconds);
const INTERVAL = Number(values.interval);
const PROCESSES = Number(values.processes);
const BOT_ROOMS = Number(values["bot-rooms"]);
const BOT_THREADS = values["bot-threads"];
const SWEEP = (values.sweep ?? "").split(",").filter(Boolean).map(Number);
const SWEEP_SECONDS = Number(values["sweep-seconds"]);
const DRIVER_THREADS = Number(values["driver-threads"]);
const P99_BUDGET_MS = 50;
process.env.DATABASE_URL ||= "postgresql://postgres@127.0.0.1:5432/test";

type Kind = "tablee" | "floor";

interface Results {
  readonly rooms: number;
  readonly players: number;
  readonly botRooms?: { rooms: number; games: number; computerMoves: number; threads: string };
  readonly steady: {
    seconds: number; moves: number; movesPerSecond: number; p50Ms: number; p99Ms: number; maxMs: number; serverCpuMsPerMove: number; serverWritesPerMove: number; bytesPerMovePerSeat: number;
    /** The share of the machine's CPU the hypervisor gave other tenants during the phase (cpu.ts, stolenPercent). */
    stolenPercent: number;
    /** PostgreSQL's WAL during the phase: bytes and records per move, flushes per second and their mean time (null: not timed). */
    wal: { bytesPerMove: number; recordsPerMove: number; flushesPerSecond: number | null; msPerFlush: number | null };
  };
  readonly peak: { seconds: number; moves: number; committedMovesPerSecond: number; serverCpuMsPerMove: number; serverWritesPerMove: number; stolenPercent: number; cores: { server: number; database: number; redis: number; generator: number } };
  readonly memory: { idleRssMb: number; warmRssMb: number; loadedRssMb: number; kbPerPlayer: number; kbPerRoom: number };
  readonly sweep: { offered: number; delivered: number; p50Ms: number; p99Ms: number; maxMs: number; stolenPercent: number }[];
  readonly serverSide?: ServerSideFigures; // Tablée only
}

/**
 * Keeps one WHIS demo room (computers only) playing while `going()`: starts one, waits for its end,
 * starts another. Counts games started and computer moves played into `count`.
 */
async function keepDemoPlaying(url: string, going: () => boolean, count: { started: number; moves: number }): Promise<void> {
  while (going()) {
    const response = await fetch(`${url}/api/demo`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: "whis" }) });
    const { roomId } = (await response.json()) as { roomId: string };
    count.started++;
    let moves = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 500));
      const room = (await (await fetch(`${url}/api/rooms/${roomId}`)).json()) as { status: string; moveNumber: number };
      count.moves += room.moveNumber - moves;
      moves = room.moveNumber;
      if (room.status !== "playing" || !going()) break;
    }
  }
}

async function startServers(kind: Kind, db: TestDatabase): Promise<ChildServer[]> {
  const extra = (process.env.SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean); // e.g. "--trace-gc" (shown with CHILD_OUTPUT=1)
  const snapshots = process.env.HEAP_SNAPSHOT ? ["--heapsnapshot-signal=SIGUSR2"] : [];
  if (kind === "floor") return [await spawnServer({ ...db.env }, 0, [...snapshots, ...extra], "scripts/bench/floorServer.ts")];
  const profile = values["cpu-prof"];
  const heap = values["heap-prof"];
  const nodeArgs = [
    ...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []),
    ...(heap ? ["--heap-prof", `--heap-prof-dir=${heap}`, "--heap-prof-interval=65536"] : []),
    ...snapshots,
    ...extra,
  ];
  // One process runs without Redis even when the shell has REDIS_URL set (the child inherits the
  // environment): a lone server on the streams adapter pays for encoding every change to Redis.
  const cluster: Record<string, string> = PROCESSES > 1 ? { REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379", REDIS_STREAM: `tablee-bench-${process.pid}` } : { REDIS_URL: "" };
  const bots: Record<string, string> = BOT_THREADS === undefined ? {} : { BOT_THREADS };
  return Promise.all(Array.from({ length: PROCESSES }, () => spawnServer({ ...db.env, ...cluster, ...bots, LOG_LEVEL: "warn", METRICS: "on" }, 0, nodeArgs)));
}

/**
 * HEAP_SNAPSHOT=1: each server writes a heap snapshot (Heap.*.heapsnapshot in the working directory,
 * after a full collection: what is live) when warm and when loaded, Tablée's and the floor's alike;
 * the live heap per player is the difference of their sizes over the players added (RSS also counts
 * the young generation the load made grow).
 */
async function heapSnapshots(servers: readonly ChildServer[]): Promise<void> {
  for (const each of servers) each.process.kill("SIGUSR2");
  await new Promise((r) => setTimeout(r, 15000));
}

/**
 * The database as production has it once autovacuum has been by: statistics for tables that have just
 * grown from a tenth of the rooms to all of them. A statement prepared on the server's first writes
 * (the group commit's) keeps the plan made for the table as it was then until its statistics change:
 * made on 200 rooms, the plan reads the whole table, and it went on reading all 2,000 at every batch
 * (pg_stat_statements: about 1,200 buffers and 3 ms a batch against 19 buffers and 0.16 ms after an
 * ANALYZE; docs/perf.md). Autovacuum analyzes a table that grew so within a minute (its naptime);
 * the phases start sooner. Both servers' databases alike (PGlite, with no URL: nothing to do).
 */
async function analyze(databaseUrl: string | undefined): Promise<void> {
  if (!databaseUrl) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("ANALYZE");
  } finally {
    await client.end();
  }
}

/** Every phase against one server (Tablée or the floor), on a database of its own. */
async function measure(kind: Kind): Promise<Results> {
  const db = await createTestDatabase();
  const servers = await startServers(kind, db);
  const pids = servers.map((s) => s.process.pid ?? 0);
  const dbName = new URL(db.databaseUrl ?? "postgresql://x/none").pathname.slice(1);
  const dbCpu = new DatabaseCpu(process.env.DATABASE_URL ?? "", dbName);
  const driver = new LoadGenerator(servers.map((s) => s.url), DRIVER_THREADS);
  try {
    await new Promise((r) => setTimeout(r, 1000));
    await dbCpu.start();
    const idle = procStats(pids);
    // Memory per player is the marginal cost: measured from a warm server (a tenth of the rooms set up
    // and each moved a few times, so code is compiled and heaps have grown), to the full load.
    const warmRooms = Math.max(1, Math.min(ROOMS - 1, Math.round(ROOMS / 10)));
    await driver.addRooms(warmRooms);
    await driver.warm(3);
    await new Promise((r) => setTimeout(r, 1500));
    const warm = procStats(pids);
    if (process.env.HEAP_SNAPSHOT) await heapSnapshots(servers); // the live heap when warm, to compare with the one loaded
    await driver.addRooms(ROOMS - warmRooms);
    await analyze(db.databaseUrl);
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = procStats(pids);
    if (process.env.HEAP_SNAPSHOT) await heapSnapshots(servers);

    // Steady phase: each room moves every INTERVAL ms, staggered (with computer rooms alongside if asked).
    const { cpuSeconds: cpuBefore, writeCalls: writesBefore } = procStats(pids);
    const metricsBefore = kind === "tablee" ? await scrapeServers(servers.map((s) => s.url)) : null;
    const walBefore = await dbCpu.wal();
    const hostBeforeSteady = hostCpu();
    console.error(`${kind}: steady phase starts (server pids ${pids.join(" ")})`); // to aim a profile at a phase
    const steadyStart = performance.now();
    const bytesBefore = await driver.receivedBytes();
    const botGames = { started: 0, moves: 0 };
    const going = () => performance.now() - steadyStart < SECONDS * 1000;
    const [steady] = await Promise.all([
      driver.steady(SECONDS, INTERVAL),
      ...(kind === "tablee" ? Array.from({ length: BOT_ROOMS }, () => keepDemoPlaying(servers[0]!.url, going, botGames)) : []),
    ]);
    const steadyBytes = (await driver.receivedBytes()) - bytesBefore;
    const afterSteady = procStats(pids);
    const steadyStolen = stolenPercent(hostBeforeSteady, hostCpu());
    const walAfter = await dbCpu.wal();
    const steadyCpu = afterSteady.cpuSeconds - cpuBefore;
    const steadyWrites = afterSteady.writeCalls - writesBefore;
    const serverSide = metricsBefore && serverSideFigures(metricsBefore, await scrapeServers(servers.map((s) => s.url)));

    // Offered-load sweep, before the peak: each rate measures the server in ordinary operation. Right
    // after the closed-loop peak it measured the recovery from it as well: the peak's moves wait
    // hundreds of milliseconds, so what they hold is promoted, and the full collection of that garbage
    // (hundreds of MB, --trace-gc) landed in the first rate's phase (docs/perf.md).
    const sweep = [];
    for (const rate of SWEEP) {
      console.error(`${kind}: sweep at ${rate} moves/s starts`);
      const hostBefore = hostCpu();
      const offered = await driver.offered(rate, SWEEP_SECONDS);
      sweep.push({ ...offered, stolenPercent: stolenPercent(hostBefore, hostCpu()) });
      await new Promise((r) => setTimeout(r, 1000)); // let queues drain between rates
    }

    // Peak phase: closed loop.
    const serverBefore = procStats(pids);
    const before = { server: serverBefore.cpuSeconds, writes: serverBefore.writeCalls, database: await dbCpu.seconds(), redis: cpuSecondsOf("redis-server"), generator: process.cpuUsage() };
    console.error(`${kind}: peak phase starts`);
    const hostBeforePeak = hostCpu();
    const { moves: peakMoves, elapsed: peakElapsed } = await driver.peak(PEAK_SECONDS);
    const generatorCpu = process.cpuUsage(before.generator);
    const peakStolen = stolenPercent(hostBeforePeak, hostCpu());
    const serverAfter = procStats(pids);
    const serverPeakCpu = serverAfter.cpuSeconds - before.server;
    const cores = (seconds: number) => Number((seconds / peakElapsed).toFixed(2));
    const peak = {
      seconds: PEAK_SECONDS,
      moves: peakMoves,
      committedMovesPerSecond: Number((peakMoves / peakElapsed).toFixed(1)),
      serverCpuMsPerMove: Number(((serverPeakCpu * 1000) / Math.max(1, peakMoves)).toFixed(3)),
      serverWritesPerMove: Number(((serverAfter.writeCalls - before.writes) / Math.max(1, peakMoves)).toFixed(2)),
      stolenPercent: peakStolen,
      cores: {
        server: cores(serverPeakCpu),
        database: cores((await dbCpu.seconds()) - before.database),
        redis: cores(cpuSecondsOf("redis-server") - before.redis),
        generator: cores((generatorCpu.user + generatorCpu.system) / 1e6),
      },
    };

    const round = (n: number, digits = 2) => Number(n.toFixed(digits));
    return {
      rooms: driver.rooms,
      players: driver.players,
      ...(BOT_ROOMS > 0 && kind === "tablee" ? { botRooms: { rooms: BOT_ROOMS, games: botGames.started, computerMoves: botGames.moves, threads: BOT_THREADS ?? "default" } } : {}),
      steady: {
        seconds: SECONDS,
        moves: steady.length,
        movesPerSecond: round(steady.length / SECONDS, 1),
        p50Ms: round(percentile(steady, 0.5)),
        p99Ms: round(percentile(steady, 0.99)),
        maxMs: round(steady.at(-1) ?? 0),
        serverCpuMsPerMove: round((steadyCpu * 1000) / Math.max(1, steady.length), 3),
        serverWritesPerMove: round(steadyWrites / Math.max(1, steady.length)),
        bytesPerMovePerSeat: Math.round(steadyBytes / Math.max(1, steady.length) / 4),
        stolenPercent: steadyStolen,
        wal: {
          bytesPerMove: Math.round((walAfter.bytes - walBefore.bytes) / Math.max(1, steady.length)),
          recordsPerMove: round((walAfter.records - walBefore.records) / Math.max(1, steady.length), 1),
          flushesPerSecond: walAfter.syncs === null || walBefore.syncs === null ? null : Math.round((walAfter.syncs - walBefore.syncs) / SECONDS),
          msPerFlush:
            walAfter.syncMs === null || walBefore.syncMs === null || walAfter.syncs === null || walBefore.syncs === null
              ? null
              : round((walAfter.syncMs - walBefore.syncMs) / Math.max(1, walAfter.syncs - walBefore.syncs), 3),
        },
      },
      peak,
      memory: {
        idleRssMb: round(idle.rssBytes / 2 ** 20, 1),
        warmRssMb: round(warm.rssBytes / 2 ** 20, 1),
        loadedRssMb: round(loaded.rssBytes / 2 ** 20, 1),
        kbPerPlayer: round((loaded.rssBytes - warm.rssBytes) / 1024 / ((ROOMS - warmRooms) * 4), 1),
        kbPerRoom: round((loaded.rssBytes - warm.rssBytes) / 1024 / (ROOMS - warmRooms), 1),
      },
      sweep,
      ...(serverSide ? { serverSide } : {}),
    };
  } finally {
    await driver.close();
    await dbCpu.stop();
    await Promise.all(servers.map((each) => each.kill("SIGTERM")));
    await db.drop();
  }
}

/** The highest offered rate whose p99 stayed under the budget, and what was delivered then. */
function holds(sweep: Results["sweep"]): string {
  const ok = sweep.filter((row) => row.p99Ms < P99_BUDGET_MS).at(-1);
  return ok ? `${ok.offered} offered (${ok.delivered} delivered)` : "none of the rates";
}

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

async function main(): Promise<void> {
  const loadBefore = loadavg();
  const tablee = await measure("tablee");
  console.log(JSON.stringify({ tablee }, null, 2));
  const floor = values.floor ? await measure("floor") : null;
  if (floor) console.log(JSON.stringify({ floor }, null, 2));
  const loadAfter = loadavg();
  if (values["dry-run"]) return;

  const meets = (ok: boolean) => (ok ? "met" : "**not met**");
  const several = PROCESSES > 1;
  const botFlags = BOT_ROOMS > 0 ? ` --bot-rooms ${BOT_ROOMS}${BOT_THREADS === undefined ? "" : ` --bot-threads ${BOT_THREADS}`}` : "";
  const sweepFlags = SWEEP.length > 0 ? ` --sweep ${SWEEP.join(",")} --sweep-seconds ${SWEEP_SECONDS}` : "";
  const command = `npm run bench:load -- --rooms ${ROOMS} --seconds ${SECONDS} --interval ${INTERVAL}${several ? ` --processes ${PROCESSES}` : ""}${botFlags}${values.floor ? " --floor" : ""}${sweepFlags}`;
  const header = [
    `Command: \`${command}\` on ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC.`,
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; load average (1, 5, 15 min) ${loadBefore} before the run, ${loadAfter} after; server${several ? "s" : ""}, PostgreSQL${several ? ", Redis" : ""} and load generator share it; PostgreSQL at DATABASE_URL (local).`,
    "Database CPU counts only the benchmark database's own backends (pids sampled from `pg_stat_activity` every 250 ms; WAL writer and checkpointer are shared and not counted).",
    `WAL figures are PostgreSQL's own (\`pg_stat_wal\`, server-wide, read at the start and end of the steady phase while only the benchmark runs); flush times ${tablee.steady.wal.msPerFlush === null ? "are not shown (`track_wal_io_timing` is off on this server, or its `pg_stat_wal` has no flush counts)" : "with `track_wal_io_timing` on"}.`,
  ];

  if (floor) {
    const ratio = (a: number, b: number) => (b === 0 ? "–" : (a / b).toFixed(2));
    const row = (name: string, a: number, b: number, unit: string, goal = "") => `| ${name} | ${a} ${unit} | ${b} ${unit} | ${ratio(a, b)} | ${goal} |`;
    const lines = [
      ...header,
      `The floor is \`scripts/bench/floorServer.ts\`: socket.io and pg, a move is one INSERT batched like Tablée's group commit, then one small broadcast to the room's sockets. Same driver, same database server, same Node flags (\`${SERVER_NODE_FLAGS.join(" ")}\`, server/nodeFlags.ts), one after the other (Tablée first), each on a fresh database. Ratios are Tablée / floor.`,
      "",
      "| measure | Tablée | floor | ratio | goal |",
      "|---|---|---|---|---|",
      row("peak: committed moves/s (closed loop)", tablee.peak.committedMovesPerSecond, floor.peak.committedMovesPerSecond, "", `≥ 0.75: ${meets(tablee.peak.committedMovesPerSecond / floor.peak.committedMovesPerSecond >= 0.75)}`),
      row(`steady: round trip p99 (each room every ${INTERVAL / 1000} s)`, tablee.steady.p99Ms, floor.steady.p99Ms, "ms"),
      row("server CPU per move (peak)", tablee.peak.serverCpuMsPerMove, floor.peak.serverCpuMsPerMove, "ms", `≤ 1.40: ${meets(tablee.peak.serverCpuMsPerMove / floor.peak.serverCpuMsPerMove <= 1.4)}`),
      row("server CPU per move (steady)", tablee.steady.serverCpuMsPerMove, floor.steady.serverCpuMsPerMove, "ms"),
      row("server write system calls per move (steady)", tablee.steady.serverWritesPerMove, floor.steady.serverWritesPerMove, ""),
      row("server write system calls per move (peak)", tablee.peak.serverWritesPerMove, floor.peak.serverWritesPerMove, ""),
      row("steady: PostgreSQL WAL bytes per move", tablee.steady.wal.bytesPerMove, floor.steady.wal.bytesPerMove, "B"),
      row("steady: PostgreSQL WAL records per move", tablee.steady.wal.recordsPerMove, floor.steady.wal.recordsPerMove, ""),
      ...(tablee.steady.wal.flushesPerSecond !== null && floor.steady.wal.flushesPerSecond !== null
        ? [row("steady: WAL flushes (fdatasync) per second", tablee.steady.wal.flushesPerSecond, floor.steady.wal.flushesPerSecond, "")]
        : []),
      ...(tablee.steady.wal.msPerFlush !== null && floor.steady.wal.msPerFlush !== null
        ? [row("steady: mean time of one WAL flush", tablee.steady.wal.msPerFlush, floor.steady.wal.msPerFlush, "ms")]
        : []),
      row("steady: bytes received per move per seat (socket.io messages)", tablee.steady.bytesPerMovePerSeat, floor.steady.bytesPerMovePerSeat, "B", `≤ 2.00: ${meets(tablee.steady.bytesPerMovePerSeat <= 2 * floor.steady.bytesPerMovePerSeat)}`),
      row("server memory per connected player", tablee.memory.kbPerPlayer, floor.memory.kbPerPlayer, "KB", `≤ 1.00: ${meets(tablee.memory.kbPerPlayer <= floor.memory.kbPerPlayer)}`),
      row("peak: database backends' CPU (cores)", tablee.peak.cores.database, floor.peak.cores.database, ""),
      row("peak: server CPU (cores)", tablee.peak.cores.server, floor.peak.cores.server, ""),
      row("peak: load generator CPU (cores)", tablee.peak.cores.generator, floor.peak.cores.generator, ""),
      // Not a ratio: how much the host's other tenants took while each server ran (a noisy run shows here).
      `| steady: the machine's CPU stolen by the hypervisor (other tenants) | ${tablee.steady.stolenPercent} % | ${floor.steady.stolenPercent} % | – |  |`,
      `| peak: the machine's CPU stolen by the hypervisor (other tenants) | ${tablee.peak.stolenPercent} % | ${floor.peak.stolenPercent} % | – |  |`,
    ];
    if (SWEEP.length > 0) {
      lines.push(
        "",
        `Offered-load sweep (open loop, ${tablee.players} players in ${tablee.rooms} rooms, ${SWEEP_SECONDS} s per rate; latency counted from when each move was due; run after the steady phase, before the peak):`,
        "",
        "| offered moves/s | Tablée delivered | Tablée p50 / p99 | floor delivered | floor p50 / p99 | CPU stolen, Tablée / floor |",
        "|---|---|---|---|---|---|",
        ...SWEEP.map((rate, i) => {
          const a = tablee.sweep[i];
          const b = floor.sweep[i];
          return `| ${rate} | ${a?.delivered ?? "–"} | ${a?.p50Ms ?? "–"} / ${a?.p99Ms ?? "–"} ms | ${b?.delivered ?? "–"} | ${b?.p50Ms ?? "–"} / ${b?.p99Ms ?? "–"} ms | ${a?.stolenPercent ?? "–"} / ${b?.stolenPercent ?? "–"} % |`;
        }),
        "",
        `Highest offered rate under p99 ${P99_BUDGET_MS} ms: Tablée ${holds(tablee.sweep)}; floor ${holds(floor.sweep)}.`,
      );
    }
    await writePerfSection(`Load against the floor (bench:load --floor${SWEEP.length > 0 ? " --sweep" : ""}, ${tablee.players} players)`, lines.join("\n"));
    return;
  }

  // Without the floor: the absolute figures, as before.
  const scaleTarget = (text: string) => (BOT_ROOMS > 0 ? "" : text);
  await writePerfSection(
    BOT_ROOMS > 0 ? `Load with computers thinking (bench:load${botFlags})` : several ? `Load on ${PROCESSES} processes (bench:load --processes ${PROCESSES})` : "Load (bench:load)",
    [
      ...header,
      several
        ? `${PROCESSES} server processes (\`server/main.ts\` with REDIS_URL: Redis streams adapter, shared room changes) on the real PostgreSQL; each room's 4 seats are spread over the processes, so most moves are committed by one process and pushed to seats held by another through Redis. Memory and CPU are summed over the processes.`
        : BOT_ROOMS > 0
          ? `With ${BOT_ROOMS} WHIS demo rooms (one \`hard\`, two \`medium\`, one \`easy\` computer, no thinking pause) playing during the steady phase, a new one as each ends: ${tablee.botRooms?.games ?? 0} games, ${tablee.botRooms?.computerMoves ?? 0} computer moves in ${SECONDS} s; BOT_THREADS=${BOT_THREADS ?? "the default (cores − 1, 1 to 4)"}. Memory and server CPU figures include those rooms and the computers' thinking.`
          : "The server runs as its own process (`server/main.ts` on the real PostgreSQL), the simulated players are socket.io clients in the bench process, 4 per room. A move is a Qwirkle exchange of one tile: parsed, checked, applied by the engine, committed, then sent to each of the 4 sockets. Round trip = from the emit until all 4 seats hold the new snapshot.",
      "",
      "| measure | value | target |",
      "|---|---|---|",
      `| connected players / rooms | ${tablee.players} / ${tablee.rooms} | |`,
      `| steady: moves/s (each room every ${INTERVAL / 1000} s) | ${tablee.steady.movesPerSecond} | |`,
      `| steady: round trip p50 / p99 / max | ${tablee.steady.p50Ms} / ${tablee.steady.p99Ms} / ${tablee.steady.maxMs} ms | p99 < 50 ms: ${meets(tablee.steady.p99Ms < 50)} |`,
      `| peak: committed moves/s | ${tablee.peak.committedMovesPerSecond} | ${scaleTarget("see the floor comparison")} |`,
      `| server memory per connected player | ${tablee.memory.kbPerPlayer} KB (RSS ${tablee.memory.idleRssMb} MB idle, ${tablee.memory.warmRssMb} MB warm → ${tablee.memory.loadedRssMb} MB loaded) | |`,
      `| server memory per room | ${tablee.memory.kbPerRoom} KB | |`,
      `| server CPU per move (steady / peak) | ${tablee.steady.serverCpuMsPerMove} / ${tablee.peak.serverCpuMsPerMove} ms | |`,
      `| steady: PostgreSQL WAL per move, WAL flushes per second${tablee.steady.wal.msPerFlush === null ? "" : " and their mean time"} | ${tablee.steady.wal.bytesPerMove} B in ${tablee.steady.wal.recordsPerMove} records, ${tablee.steady.wal.flushesPerSecond ?? "–"}/s${tablee.steady.wal.msPerFlush === null ? "" : `, ${tablee.steady.wal.msPerFlush} ms`} | |`,
      `| server write system calls per move (steady / peak) | ${tablee.steady.serverWritesPerMove} / ${tablee.peak.serverWritesPerMove} | |`,
      `| peak: CPU used (cores) by server${several ? "s" : ""} / database backends / Redis / load generator | ${tablee.peak.cores.server} / ${tablee.peak.cores.database} / ${tablee.peak.cores.redis} / ${tablee.peak.cores.generator} | |`,
      `| the machine's CPU stolen by the hypervisor, steady / peak | ${tablee.steady.stolenPercent} / ${tablee.peak.stolenPercent} % | |`,
      ...(tablee.serverSide
        ? [
            `| steady, inside the server (/metrics): move p50 / p99, commit p50 / p99 | ${tablee.serverSide.moveP50Ms} / ${tablee.serverSide.moveP99Ms} ms, ${tablee.serverSide.commitP50Ms} / ${tablee.serverSide.commitP99Ms} ms | |`,
            `| steady, inside the server (/metrics): mean group-commit batch, event-loop lag p99 | ${tablee.serverSide.meanBatch} writes, ${tablee.serverSide.eventLoopLagP99Ms} ms | |`,
          ]
        : []),
    ].join("\n"),
  );
}

await main();
