/**
 * `npm run bench:load [-- --rooms 500 --seconds 30 --interval 2000]`: starts the server (a child
 * process, on the real Postgres at DATABASE_URL, default the local one), connects 4 simulated players
 * per room over socket.io from this process, and measures:
 *  - steady phase: every room moves every `interval` ms; round trip from a move's emit until all 4
 *    seats of the room have the new snapshot (p50, p99, max);
 *  - peak phase: every room moves as soon as its previous move is everywhere; committed moves/s;
 *  - server memory (RSS) per connected player and per room, server CPU time per move.
 * Moves are Qwirkle exchanges of one tile (normal mode): cheap to choose for the load generator,
 * a full engine apply + commit + broadcast for the server, and a game that never ends.
 * `--bot-rooms N` keeps N WHIS demo rooms (computers only, one `hard` that thinks up to ~0.6 s a
 * move, no thinking pause) playing on the server during the steady phase, a new one as each ends,
 * to see what computers thinking do to the players' round trips; `--bot-threads T` sets the
 * server's BOT_THREADS (0: computers decide on the event loop).
 * Results go to docs/perf.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { io, type Socket } from "socket.io-client";
import type { QwirkleView } from "../shared/games/qwirkle";
import type { ClientToServerEvents, RoomSnapshot, ServerToClientEvents } from "../shared/protocol";
import { spawnServer } from "../test/support/child";
import { createTestDatabase } from "../test/support/database";
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
    "bot-rooms": { type: "string", default: "0" }, // WHIS demo rooms kept playing during the steady phase
    "bot-threads": { type: "string" }, // the server's BOT_THREADS (default: its own default)
  },
});
const ROOMS = Number(values.rooms);
const SECONDS = Number(values.seconds);
const PEAK_SECONDS = Number(values.peakSeconds);
const INTERVAL = Number(values.interval);
const PROCESSES = Number(values.processes);
const BOT_ROOMS = Number(values["bot-rooms"]);
const BOT_THREADS = values["bot-threads"];
process.env.DATABASE_URL ||= "postgresql://postgres@127.0.0.1:5432/test";

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;
interface Seat {
  socket: Client;
  token: string;
  seat: number;
  latest: RoomSnapshot | null;
}
interface Room {
  id: string;
  seats: Seat[];
  waiting: Map<number, { start: number; seen: Set<number>; done: () => void }>;
}

const ack = <T>(socket: Client, event: keyof ClientToServerEvents, payload: unknown): Promise<T> =>
  new Promise((resolve) => (socket.emit as (e: string, p: unknown, cb: (r: T) => void) => void)(event, payload, resolve));

/** Memory and CPU time of the server processes, summed. */
function procStats(pids: readonly number[]): { rssBytes: number; cpuSeconds: number } {
  const each = pids.map(processStats);
  return { rssBytes: each.reduce((a, b) => a + b.rssBytes, 0), cpuSeconds: each.reduce((a, b) => a + b.cpuSeconds, 0) };
}

function processStats(pid: number): { rssBytes: number; cpuSeconds: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssKb = Number(/VmRSS:\s+(\d+)/u.exec(status)?.[1] ?? 0);
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = Number(stat[11] ?? 0) + Number(stat[12] ?? 0); // utime + stime
  return { rssBytes: rssKb * 1024, cpuSeconds: ticks / 100 };
}

/** CPU seconds used so far by every process named `command` on this machine (PostgreSQL's backends, WAL writer…). */
function cpuSecondsOf(command: string): number {
  let ticks = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/u.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      if (!stat.includes(`(${command})`)) continue;
      const fields = stat.split(") ")[1]?.split(" ") ?? [];
      ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
    } catch {
      // the process ended meanwhile
    }
  }
  return ticks / 100;
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

const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const db = await createTestDatabase();
  const profile = values["cpu-prof"];
  const nodeArgs = [...(profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : []), ...(process.env.HEAP_SNAPSHOT ? ["--heapsnapshot-signal=SIGUSR2"] : [])];
  const stream = `tablee-bench-${process.pid}`;
  const cluster: Record<string, string> = PROCESSES > 1 ? { REDIS_URL: process.env.REDIS_URL || "redis://127.0.0.1:6379", REDIS_STREAM: stream } : {};
  const bots: Record<string, string> = BOT_THREADS === undefined ? {} : { BOT_THREADS };
  const servers = await Promise.all(Array.from({ length: PROCESSES }, () => spawnServer({ ...db.env, ...cluster, ...bots, LOG_LEVEL: "warn" }, 0, nodeArgs)));
  const server = servers[0]!;
  const pid = servers.map((s) => s.process.pid ?? 0);
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const idle = procStats(pid);
    const rooms: Room[] = [];
    /** A socket to one of the processes: a room's seats are spread over them. */
    const connect = (index: number) =>
      new Promise<Client>((resolve, reject) => {
        const socket: Client = io(servers[index % servers.length]!.url, { transports: ["websocket"], forceNew: true, reconnection: false });
        socket.once("connect", () => resolve(socket));
        socket.once("connect_error", reject);
      });
    /** One move of a room: the seat to move exchanges its first tile; resolves with the round trip in ms. */
    const moveOnce = async (room: Room): Promise<number | null> => {
      const latest = room.seats[0]?.latest;
      if (!latest) return null;
      const mover = room.seats.find((s) => s.seat === latest.currentSeats[0]);
      const view = mover?.latest?.views[0]?.view as QwirkleView | undefined;
      const tile = view?.hand?.[0];
      if (!mover || !tile || mover.latest?.room.moveNumber !== latest.room.moveNumber) return null;
      const next = latest.room.moveNumber + 1;
      const start = performance.now();
      const everywhere = new Promise<void>((done) => room.waiting.set(next, { start, seen: new Set(), done }));
      const result = await ack<{ ok: boolean }>(mover.socket, "game:move", { roomId: room.id, seat: mover.seat, seatToken: mover.token, move: { type: "exchange", tiles: [tile] } });
      if (!result.ok) {
        room.waiting.delete(next);
        return null;
      }
      await everywhere;
      room.waiting.delete(next);
      return performance.now() - start;
    };

    /** One room: created over HTTP, 4 sockets each claiming a seat, then started. */
    const addRoom = async (): Promise<void> => {
      const created = (await (await fetch(`${server.url}/api/rooms`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: "qwirkle", options: { mode: "normal", board: "open" } }) })).json()) as { roomId: string; creatorToken: string };
      const room: Room = { id: created.roomId, seats: [], waiting: new Map() };
      for (let seat = 0; seat < 4; seat++) {
        const socket = await connect(rooms.length + seat);
        await ack(socket, "room:watch", { roomId: room.id, seatTokens: [] });
        const claimed = await ack<{ seatToken: string }>(socket, "seat:claim", { roomId: room.id, seat, nickname: `p${seat}` });
        const entry: Seat = { socket, token: claimed.seatToken, seat, latest: null };
        socket.on("room:snapshot", (snapshot) => {
          entry.latest = snapshot;
          const waiter = room.waiting.get(snapshot.room.moveNumber);
          if (waiter) {
            waiter.seen.add(seat);
            if (waiter.seen.size === 4) waiter.done();
          }
        });
        await ack(socket, "room:watch", { roomId: room.id, seatTokens: [claimed.seatToken] });
        room.seats.push(entry);
      }
      await ack(room.seats[0]!.socket, "game:start", { roomId: room.id, creatorToken: created.creatorToken });
      rooms.push(room);
    };
    /** Set-up, a few rooms at a time. */
    const addRooms = async (count: number): Promise<void> => {
      for (let i = 0; i < count; i += 20) await Promise.all(Array.from({ length: Math.min(20, count - i) }, addRoom));
    };
    // Memory per player is the marginal cost: measured from a warm server (a tenth of the rooms set up
    // and each moved a few times, so code is compiled and heaps have grown), to the full load.
    const warmRooms = Math.max(1, Math.min(ROOMS - 1, Math.round(ROOMS / 10)));
    await addRooms(warmRooms);
    for (let round = 0; round < 3; round++) await Promise.all(rooms.map((room) => moveOnce(room)));
    await new Promise((r) => setTimeout(r, 1500));
    const warm = procStats(pid);
    await addRooms(ROOMS - warmRooms);
    await new Promise((r) => setTimeout(r, 1500));
    const loaded = procStats(pid);
    if (process.env.HEAP_SNAPSHOT) {
      for (const each of servers) each.process.kill("SIGUSR2");
      await new Promise((r) => setTimeout(r, 15000));
    }

    // Steady phase: each room moves every INTERVAL ms, staggered.
    const steady: number[] = [];
    const steadyStart = performance.now();
    const cpuBefore = procStats(pid).cpuSeconds;
    const botGames = { started: 0, moves: 0 };
    await Promise.all([
      ...Array.from({ length: BOT_ROOMS }, () => keepDemoPlaying(server.url, () => performance.now() - steadyStart < SECONDS * 1000, botGames)),
      ...rooms.map(async (room, i) => {
        await new Promise((r) => setTimeout(r, (i / rooms.length) * INTERVAL));
        while (performance.now() - steadyStart < SECONDS * 1000) {
          const tick = performance.now();
          const rtt = await moveOnce(room);
          if (rtt !== null) steady.push(rtt);
          await new Promise((r) => setTimeout(r, Math.max(0, INTERVAL - (performance.now() - tick))));
        }
      }),
    ]);
    const steadyCpu = procStats(pid).cpuSeconds - cpuBefore;
    // Peak phase: every room moves again as soon as its last move reached all four seats.
    let peakMoves = 0;
    const peakStart = performance.now();
    const peakCpu = { server: procStats(pid).cpuSeconds, postgres: cpuSecondsOf("postgres"), redis: cpuSecondsOf("redis-server"), generator: process.cpuUsage() };
    await Promise.all(
      rooms.map(async (room) => {
        while (performance.now() - peakStart < PEAK_SECONDS * 1000) if ((await moveOnce(room)) !== null) peakMoves++;
      }),
    );
    const peakElapsed = (performance.now() - peakStart) / 1000;
    const peakRate = peakMoves / peakElapsed;
    const generatorCpu = process.cpuUsage(peakCpu.generator);
    /** Share of one core each party used during the peak phase (2 cores = 200 %). */
    const peakCores = {
      server: Number(((procStats(pid).cpuSeconds - peakCpu.server) / peakElapsed).toFixed(2)),
      postgres: Number(((cpuSecondsOf("postgres") - peakCpu.postgres) / peakElapsed).toFixed(2)),
      redis: Number(((cpuSecondsOf("redis-server") - peakCpu.redis) / peakElapsed).toFixed(2)),
      generator: Number(((generatorCpu.user + generatorCpu.system) / 1e6 / peakElapsed).toFixed(2)),
    };
    steady.sort((a, b) => a - b);
    const players = rooms.length * 4;
    const results = {
      rooms: rooms.length,
      players,
      ...(BOT_ROOMS > 0 ? { botRooms: { rooms: BOT_ROOMS, games: botGames.started, computerMoves: botGames.moves, threads: BOT_THREADS ?? "default" } } : {}),
      steady: {
        seconds: SECONDS,
        moves: steady.length,
        movesPerSecond: Number((steady.length / SECONDS).toFixed(1)),
        p50Ms: Number(percentile(steady, 0.5).toFixed(2)),
        p99Ms: Number(percentile(steady, 0.99).toFixed(2)),
        maxMs: Number((steady.at(-1) ?? 0).toFixed(2)),
        serverCpuMsPerMove: Number(((steadyCpu * 1000) / Math.max(1, steady.length)).toFixed(3)),
      },
      peak: { seconds: PEAK_SECONDS, moves: peakMoves, committedMovesPerSecond: Number(peakRate.toFixed(1)), cores: peakCores },
      memory: {
        idleRssMb: Number((idle.rssBytes / 2 ** 20).toFixed(1)),
        warmRssMb: Number((warm.rssBytes / 2 ** 20).toFixed(1)),
        loadedRssMb: Number((loaded.rssBytes / 2 ** 20).toFixed(1)),
        kbPerPlayer: Number(((loaded.rssBytes - warm.rssBytes) / 1024 / ((ROOMS - warmRooms) * 4)).toFixed(1)),
        kbPerRoom: Number(((loaded.rssBytes - warm.rssBytes) / 1024 / (ROOMS - warmRooms)).toFixed(1)),
      },
    };
    console.log(JSON.stringify(results, null, 2));
    for (const room of rooms) for (const seat of room.seats) seat.socket.close();
    if (!values["dry-run"]) {
      const meets = (ok: boolean) => (ok ? "met" : "**not met**");
      // The scale targets are for the plain run; with computer rooms only the round trip is judged
      // (their games also go on into the peak phase, and their memory counts in the per-player figure).
      const scaleTarget = (text: string) => (BOT_ROOMS > 0 ? "" : text);
      const several = PROCESSES > 1;
      const botFlags = BOT_ROOMS > 0 ? ` --bot-rooms ${BOT_ROOMS}${BOT_THREADS === undefined ? "" : ` --bot-threads ${BOT_THREADS}`}` : "";
      await writePerfSection(
        BOT_ROOMS > 0
          ? `Load with computers thinking (bench:load${botFlags})`
          : several
            ? `Load on ${PROCESSES} processes (bench:load --processes ${PROCESSES})`
            : "Load (bench:load)",
        [
          `Command: \`npm run bench:load -- --rooms ${ROOMS} --seconds ${SECONDS} --interval ${INTERVAL}${several ? ` --processes ${PROCESSES}` : ""}${botFlags}\` on ${new Date().toISOString().slice(0, 10)}.`,
          `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "?"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}; server${several ? "s" : ""}, PostgreSQL${several ? ", Redis" : ""} and load generator share it; PostgreSQL at DATABASE_URL (local).`,
          several
            ? `${PROCESSES} server processes (\`server/main.ts\` with REDIS_URL: Redis streams adapter, shared room changes) on the real PostgreSQL; each room's 4 seats are spread over the processes, so most moves are committed by one process and pushed to seats held by another through Redis. Memory and CPU are summed over the processes. Otherwise as the single-process run above.`
            : BOT_ROOMS > 0
              ? `As the single-process run above, with ${BOT_ROOMS} WHIS demo rooms (one \`hard\`, two \`medium\`, one \`easy\` computer, no thinking pause) playing during the steady phase, a new one as each ends: ${botGames.started} games, ${botGames.moves} computer moves in ${SECONDS} s; BOT_THREADS=${BOT_THREADS ?? "the default (cores − 1, 1 to 4)"}. Memory and server CPU figures include those rooms and the computers' thinking.`
              : "The server runs as its own process (`server/main.ts` on the real PostgreSQL), the simulated players are socket.io clients in the bench process, 4 per room. A move is a Qwirkle exchange of one tile: parsed, checked, applied by the engine, committed (room row + move row, batched with the other rooms' writes of the moment in one SQL statement), then a per-seat view and the new log entry are sent to each of the 4 sockets. Round trip = from the emit until all 4 seats hold the new snapshot.",
          "",
          "| measure | value | target |",
          "|---|---|---|",
          `| connected players / rooms | ${players} / ${rooms.length} | ${scaleTarget("2,000 / 500")} |`,
          `| steady: moves/s (each room every ${INTERVAL / 1000} s) | ${results.steady.movesPerSecond} | |`,
          `| steady: round trip p50 / p99 / max | ${results.steady.p50Ms} / ${results.steady.p99Ms} / ${results.steady.maxMs} ms | p99 < 50 ms: ${meets(results.steady.p99Ms < 50)} |`,
          `| peak: committed moves/s | ${results.peak.committedMovesPerSecond} | ${scaleTarget(`≥ 2,000: ${meets(results.peak.committedMovesPerSecond >= 2000)}`)} |`,
          `| server memory per connected player | ${results.memory.kbPerPlayer} KB (RSS ${results.memory.idleRssMb} MB idle, ${results.memory.warmRssMb} MB with ${warmRooms} rooms warmed up → ${results.memory.loadedRssMb} MB with ${ROOMS}) | ${scaleTarget(`< 30 KB: ${meets(results.memory.kbPerPlayer < 30)}`)} |`,
          `| server memory per room | ${results.memory.kbPerRoom} KB | |`,
          `| server CPU per move (steady) | ${results.steady.serverCpuMsPerMove} ms | |`,
          `| peak: CPU used (cores) by server${several ? "s" : ""} / PostgreSQL / Redis / load generator | ${results.peak.cores.server} / ${results.peak.cores.postgres} / ${results.peak.cores.redis} / ${results.peak.cores.generator} | |`,
        ].join("\n"),
      );
    }
  } finally {
    await Promise.all(servers.map((each) => each.kill("SIGTERM")));
    await db.drop();
  }
}

await main();
